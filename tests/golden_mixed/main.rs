//! The generated tests of layouts with dynamic leaves against CuTe C++ with
//! plain `int` leaves (tests/golden/gen_mixed.py, gen_forms.py): values and which leaves
//! are static. A test binary of its own, compiled beside the others.

mod forms_golden;
mod mixed_golden;
