"""evaluate stage of the anonymization data flow."""
