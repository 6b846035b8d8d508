//! The `layout` calculator as a program: arguments, batch mode, output
//! formats, exit statuses, and hostile input.

mod basics;
mod hostile;
