"""disclosure stage of the anonymization data flow."""
