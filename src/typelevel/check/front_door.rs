//! The front-door generator: for each checked operation, a trait with `Output`,
//! a result alias and the CuTe-named function, all requiring an admissible verdict.
//!
//! The functions require [`Yields`]`<Op, B, R, V>` (the operation on `Self` and `B`
//! gives `R` with verdict `V`, always true), then `V: Shown<A, B>` and
//! `ShownOf<V, A, B>: Admissible<Op>`: plain trait bounds on concrete types,
//! which rustc proves again after type checking from its global cache without
//! normalizing the algebra a second time. The verdict is made readable before
//! it is checked, so every note of a refusal names decimal `Num<n>` types, and
//! the `Admissible<Op>` bound is written in the macro's invocation, so that the
//! error points there (one short note) rather than into this macro.

/// `Self` (operation `Op`'s left operand) with right operand `B` gives `R` with
/// verdict `V`: the `Try*` trait's verdict, then [`Overflow`](super::verdict::Overflow)
/// if `R`'s size or cosize does not fit `i64`; implemented whether admissible or not.
pub trait Yields<Op, B, R, V> {}

/// Marks the one-operand form of `Op` in [`Yields`] (its right operand is `()`).
pub struct Unary<Op>(core::marker::PhantomData<Op>);

/// `front_door!(doc, Trait, Alias, function, Admissible<OpMarker>, TryTrait, argument)`, then
/// optionally `shown as T` (the right operand `B` shows in errors as `T`, e.g.
/// `Cotarget<B>`) and `Output: Bound` (a bound on the `Try*` trait's result).
macro_rules! front_door {
    ($doc:literal, $Trait:ident, $Alias:ident, $func:ident, $adm:tt $lt:tt $Op:tt $gt:tt, $Try:ident, $arg:ident) => {
        $crate::typelevel::check::front_door::front_door!(
            @emit $doc, $Trait, $Alias, $func, $Op [$adm $lt $Op $gt], $Try, $arg, [B], []
        );
    };
    ($doc:literal, $Trait:ident, $Alias:ident, $func:ident, $adm:tt $lt:tt $Op:tt $gt:tt, $Try:ident, $arg:ident,
     Output: $Bound:path) => {
        $crate::typelevel::check::front_door::front_door!(
            @emit $doc, $Trait, $Alias, $func, $Op [$adm $lt $Op $gt], $Try, $arg, [B], [: $Bound]
        );
    };
    ($doc:literal, $Trait:ident, $Alias:ident, $func:ident, $adm:tt $lt:tt $Op:tt $gt:tt, $Try:ident, $arg:ident,
     shown as $Shown:ty, Output: $Bound:path) => {
        $crate::typelevel::check::front_door::front_door!(
            @emit $doc, $Trait, $Alias, $func, $Op [$adm $lt $Op $gt], $Try, $arg, [$Shown], [: $Bound]
        );
    };
    (@emit $doc:literal, $Trait:ident, $Alias:ident, $func:ident, $Op:tt [$($check:tt)+], $Try:ident,
     $arg:ident, [$($Shown:tt)+], [$($Bound:tt)*]) => {
        #[doc = concat!("CuTe's `", stringify!($func), "`, checked: ", $doc)]
        pub trait $Trait<B> {
            /// The result layout.
            type Output;
        }

        #[doc = concat!("`", stringify!($func), "(A, B)`: the type [`", stringify!($func), "`] returns; see [`", stringify!($Trait), "`] for an example.")]
        pub type $Alias<A, B> = <A as $Trait<B>>::Output;

        impl<S, D, B> $Trait<B> for $crate::typelevel::Layout<S, D>
        where
            Self: $Try<B>,
            <Self as $Try<B>>::Verdict: $crate::typelevel::check::rules::Shown<Self, $($Shown)+>,
            $crate::typelevel::check::rules::ShownOf<<Self as $Try<B>>::Verdict, Self, $($Shown)+>:
                $crate::typelevel::check::rules::Admissible<$crate::typelevel::check::rules::op::$Op>,
        {
            type Output = <Self as $Try<B>>::Output;
        }

        impl<S, D, B, R, V, W>
            $crate::typelevel::check::front_door::Yields<
                $crate::typelevel::check::rules::op::$Op,
                B,
                R,
                W,
            > for $crate::typelevel::Layout<S, D>
        where
            Self: $Try<B, Output = R, Verdict = V>,
            R: $crate::typelevel::algebra::size::FitsVerdict,
            V: $crate::typelevel::check::verdict::First<
                <R as $crate::typelevel::algebra::size::FitsVerdict>::Verdict,
                Output = W,
            >,
        {
        }

        #[doc = concat!("`", stringify!($func), "` (CuTe): ", $doc)]
        pub fn $func<A, B, R, V>(a: A, $arg: B) -> R
        where
            A: $crate::typelevel::check::gate::Gate<$crate::typelevel::check::rules::op::$Op>,
            B: $crate::typelevel::check::gate::RhsGate<
                $crate::typelevel::check::gate::Gated<A, $crate::typelevel::check::rules::op::$Op>,
                $crate::typelevel::check::rules::op::$Op,
            >,
            $crate::typelevel::check::gate::RhsGated<
                B,
                $crate::typelevel::check::gate::Gated<A, $crate::typelevel::check::rules::op::$Op>,
                $crate::typelevel::check::rules::op::$Op,
            >:
                $crate::typelevel::check::front_door::Yields<
                    $crate::typelevel::check::rules::op::$Op,
                    B,
                    R,
                    V,
                >,
            V: $crate::typelevel::check::rules::Shown<A, $($Shown)+>,
            $crate::typelevel::check::rules::ShownOf<V, A, $($Shown)+>: $($check)+,
            R: $crate::typelevel::algebra::modes::StaticValue,
        {
            let _ = (a, $arg);
            R::VALUE
        }

        #[doc = concat!("`", stringify!($func), "` with its verdict, unchecked: the result even where the operation is refused, and `Pass` or the violated rule, for generic code that inspects a verdict (its name is [`Kind::NAME`](crate::typelevel::check::Kind::NAME)). Call [`", stringify!($func), "`] (see [`", stringify!($Trait), "`] for an example) to have a refusal be a compile error.")]
        pub trait $Try<B> {
            /// The result (meaningless unless the verdict is `Pass`).
            type Output $($Bound)*;
            /// `Pass` or the violated rule.
            type Verdict;
        }
    };
}
pub(crate) use front_door;

/// `front_door_unary!(doc, Trait, Alias, function, Admissible<OpMarker>, TryTrait)`: the same for
/// a one-operand operation; its missing right operand shows in errors as `()`, or
/// as the type after `shown as`.
macro_rules! front_door_unary {
    ($doc:literal, $Trait:ident, $Alias:ident, $func:ident, $adm:tt $lt:tt $Op:tt $gt:tt, $Try:ident) => {
        $crate::typelevel::check::front_door::front_door_unary!(
            $doc,
            $Trait,
            $Alias,
            $func,
            $Op [$adm $lt $Op $gt],
            $Try,
            shown as ()
        );
    };
    ($doc:literal, $Trait:ident, $Alias:ident, $func:ident, $adm:tt $lt:tt $Op:tt $gt:tt, $Try:ident,
     shown as $Shown:ty) => {
        $crate::typelevel::check::front_door::front_door_unary!(
            $doc,
            $Trait,
            $Alias,
            $func,
            $Op [$adm $lt $Op $gt],
            $Try,
            shown as $Shown
        );
    };
    ($doc:literal, $Trait:ident, $Alias:ident, $func:ident, $Op:tt [$($check:tt)+], $Try:ident,
     shown as $Shown:ty) => {
        #[doc = concat!("CuTe's `", stringify!($func), "`, checked: ", $doc)]
        pub trait $Trait {
            /// The result layout.
            type Output;
        }

        #[doc = concat!("`", stringify!($func), "(A)`: the type [`", stringify!($func), "`] returns; see [`", stringify!($Trait), "`] for an example.")]
        pub type $Alias<A> = <A as $Trait>::Output;

        impl<S, D> $Trait for $crate::typelevel::Layout<S, D>
        where
            Self: $Try,
            <Self as $Try>::Verdict: $crate::typelevel::check::rules::Shown<Self, $Shown>,
            $crate::typelevel::check::rules::ShownOf<<Self as $Try>::Verdict, Self, $Shown>:
                $crate::typelevel::check::rules::Admissible<$crate::typelevel::check::rules::op::$Op>,
        {
            type Output = <Self as $Try>::Output;
        }

        impl<S, D, R, V, W>
            $crate::typelevel::check::front_door::Yields<
                $crate::typelevel::check::front_door::Unary<
                    $crate::typelevel::check::rules::op::$Op,
                >,
                (),
                R,
                W,
            > for $crate::typelevel::Layout<S, D>
        where
            Self: $Try<Output = R, Verdict = V>,
            R: $crate::typelevel::algebra::size::FitsVerdict,
            V: $crate::typelevel::check::verdict::First<
                <R as $crate::typelevel::algebra::size::FitsVerdict>::Verdict,
                Output = W,
            >,
        {
        }

        #[doc = concat!("`", stringify!($func), "` (CuTe): ", $doc)]
        pub fn $func<A, R, V>(a: A) -> R
        where
            A: $crate::typelevel::check::gate::Gate<$crate::typelevel::check::rules::op::$Op>,
            $crate::typelevel::check::gate::Gated<A, $crate::typelevel::check::rules::op::$Op>:
                $crate::typelevel::check::front_door::Yields<
                    $crate::typelevel::check::front_door::Unary<
                        $crate::typelevel::check::rules::op::$Op,
                    >,
                    (),
                    R,
                    V,
                >,
            V: $crate::typelevel::check::rules::Shown<A, $Shown>,
            $crate::typelevel::check::rules::ShownOf<V, A, $Shown>: $($check)+,
            R: $crate::typelevel::algebra::modes::StaticValue,
        {
            let _ = a;
            R::VALUE
        }

        #[doc = concat!("`", stringify!($func), "` with its verdict, unchecked: the result even where the operation is refused, and `Pass` or the violated rule, for generic code that inspects a verdict (its name is [`Kind::NAME`](crate::typelevel::check::Kind::NAME)). Call [`", stringify!($func), "`] (see [`", stringify!($Trait), "`] for an example) to have a refusal be a compile error.")]
        pub trait $Try {
            /// The result (meaningless unless the verdict is `Pass`).
            type Output;
            /// `Pass` or the violated rule.
            type Verdict;
        }
    };
}
pub(crate) use front_door_unary;
