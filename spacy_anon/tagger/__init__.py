"""tagger stage of the anonymization data flow."""
