// Placeholder so the package resolves; replaced by the module's first real file.
