"""generalize stage of the anonymization data flow."""
