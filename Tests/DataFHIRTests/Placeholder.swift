// Placeholder so the package resolves; replaced by the first real test file.
