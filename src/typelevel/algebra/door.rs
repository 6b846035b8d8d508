//! The front-door generator: for each checked operation, a trait with `Output`,
//! a result alias and the CuTe-named function, all requiring an admissible verdict.

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
            <Self as $Try<B>>::Verdict:
                $crate::typelevel::assert::Admissible<$crate::typelevel::assert::op::$Op, Self, B>,
        {
            type Output = <Self as $Try<B>>::Output;
        }

        #[doc = concat!("`", stringify!($func), "` (CuTe): ", $doc)]
        pub fn $func<A, B, R>(a: A, $arg: B) -> R
        where
            A: $Trait<B, Output = R>,
            R: $crate::typelevel::algebra::flat::Make,
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
            <Self as $Try>::Verdict:
                $crate::typelevel::assert::Admissible<$crate::typelevel::assert::op::$Op, Self, ()>,
        {
            type Output = <Self as $Try>::Output;
        }

        #[doc = concat!("`", stringify!($func), "` (CuTe): ", $doc)]
        pub fn $func<A: $Trait<Output = R>, R: $crate::typelevel::algebra::flat::Make>(a: A) -> R {
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
