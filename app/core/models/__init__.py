"""Model files, the catalog, downloads and the sd.cpp backend package."""
