"""The screens of the handheld, one module each."""
