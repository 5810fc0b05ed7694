// Context of the README's GPU instantiation example: the README's .cu file, compiled alone.
// snippet
