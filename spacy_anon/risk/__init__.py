"""risk stage of the anonymization data flow."""
