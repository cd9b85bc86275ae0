"""ebbes at the screen: its table, dialogs, score screens and words (``screens.SCREENS``)."""
