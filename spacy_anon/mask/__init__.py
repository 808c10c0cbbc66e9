"""mask stage of the anonymization data flow."""
