//! The front-door generator: for each checked operation, a trait with `Output`,
//! a result alias and the CuTe-named function, all requiring an admissible verdict.
//!
//! The functions require [`Yields`]`<Op, B, R>` rather than `Trait<B, Output = R>`
//! (the same condition): a plain trait bound on concrete types, which rustc proves
//! again after type checking (borrow checking) from its global cache, where the
//! projection would be normalized a second time, the whole algebra included.

/// `Self` (operation `Op`'s left operand) with right operand `B` gives `R`; implemented
/// exactly when the operation's front-door trait has `Output = R`.
pub trait Yields<Op, B, R> {}

/// Marks the one-operand form of `Op` in [`Yields`] (its right operand is `()`).
pub struct Unary<Op>(core::marker::PhantomData<Op>);

/// `front_door!(doc, Trait, Alias, function, op::Marker, TryTrait, argument)`.
macro_rules! front_door {
    ($doc:literal, $Trait:ident, $Alias:ident, $func:ident, $Op:ident, $Try:ident, $arg:ident) => {
        #[doc = concat!("CuTe's `", stringify!($func), "`, checked: ", $doc)]
        pub trait $Trait<B> {
            /// The result layout.
            type Output;
        }

        #[doc = concat!("`", stringify!($func), "(A, B)`.")]
        pub type $Alias<A, B> = <A as $Trait<B>>::Output;

        impl<S, D, B> $Trait<B> for $crate::typelevel::Layout<S, D>
        where
            Self: $Try<B>,
            <Self as $Try<B>>::Verdict: $crate::typelevel::check::rules::Admissible<
                $crate::typelevel::check::rules::op::$Op,
                Self,
                B,
            >,
        {
            type Output = <Self as $Try<B>>::Output;
        }

        impl<A, B, R>
            $crate::typelevel::check::front_door::Yields<
                $crate::typelevel::check::rules::op::$Op,
                B,
                R,
            > for A
        where
            A: $Trait<B, Output = R>,
        {
        }

        #[doc = concat!("`", stringify!($func), "` (CuTe): ", $doc)]
        pub fn $func<A, B, R>(a: A, $arg: B) -> R
        where
            A: $crate::typelevel::check::front_door::Yields<
                $crate::typelevel::check::rules::op::$Op,
                B,
                R,
            >,
            R: $crate::typelevel::algebra::modes::StaticValue,
        {
            let _ = (a, $arg);
            R::VALUE
        }

        #[doc = concat!("`", stringify!($func), "` with its verdict, unchecked.")]
        pub trait $Try<B> {
            /// The result (meaningless unless the verdict is `Pass`).
            type Output;
            /// `Pass` or the violated rule.
            type Verdict;
        }
    };
}
pub(crate) use front_door;

/// `front_door_unary!(doc, Trait, Alias, function, op::Marker, TryTrait)`: the same for
/// a one-operand operation (the assertion's right operand is `()`).
macro_rules! front_door_unary {
    ($doc:literal, $Trait:ident, $Alias:ident, $func:ident, $Op:ident, $Try:ident) => {
        #[doc = concat!("CuTe's `", stringify!($func), "`, checked: ", $doc)]
        pub trait $Trait {
            /// The result layout.
            type Output;
        }

        #[doc = concat!("`", stringify!($func), "(A)`.")]
        pub type $Alias<A> = <A as $Trait>::Output;

        impl<S, D> $Trait for $crate::typelevel::Layout<S, D>
        where
            Self: $Try,
            <Self as $Try>::Verdict: $crate::typelevel::check::rules::Admissible<
                $crate::typelevel::check::rules::op::$Op,
                Self,
                (),
            >,
        {
            type Output = <Self as $Try>::Output;
        }

        impl<A, R>
            $crate::typelevel::check::front_door::Yields<
                $crate::typelevel::check::front_door::Unary<
                    $crate::typelevel::check::rules::op::$Op,
                >,
                (),
                R,
            > for A
        where
            A: $Trait<Output = R>,
        {
        }

        #[doc = concat!("`", stringify!($func), "` (CuTe): ", $doc)]
        pub fn $func<A, R>(a: A) -> R
        where
            A: $crate::typelevel::check::front_door::Yields<
                $crate::typelevel::check::front_door::Unary<
                    $crate::typelevel::check::rules::op::$Op,
                >,
                (),
                R,
            >,
            R: $crate::typelevel::algebra::modes::StaticValue,
        {
            let _ = a;
            R::VALUE
        }

        #[doc = concat!("`", stringify!($func), "` with its verdict, unchecked.")]
        pub trait $Try {
            /// The result (meaningless unless the verdict is `Pass`).
            type Output;
            /// `Pass` or the violated rule.
            type Verdict;
        }
    };
}
pub(crate) use front_door_unary;
