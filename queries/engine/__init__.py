"""Generic Datalog machinery around pyDatalog: no divination knowledge lives here."""
