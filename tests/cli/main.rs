//! The `layout` calculator as a program: arguments, batch mode, output
//! formats, exit statuses, hostile input, the bank-conflict questions, and
//! the explorer (`layout serve`).

mod banks;
mod basics;
mod hostile;
mod serve;
