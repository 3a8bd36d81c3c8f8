"""What interfaces need for 逃出總統府, imported only when asked for through ``GameSpec.adapters``."""
