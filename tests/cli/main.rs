//! The `layout` calculator as a program: arguments, batch mode, output
//! formats, exit statuses, hostile input, and the bank-conflict questions.

mod banks;
mod basics;
mod hostile;
