"""rules stage of the anonymization data flow."""
