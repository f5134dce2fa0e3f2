// PNG, AtomicFile and RenderError moved to StrataImage so image-only code (comparison,
// reference checks) builds without GL; code that imports StrataRender still sees them.
@_exported import StrataImage
