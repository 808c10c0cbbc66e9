"""coref stage of the anonymization data flow."""
