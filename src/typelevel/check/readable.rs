//! Readable forms of type-level layouts for compile-error messages.
//!
//! rustc prints a typenum integer as its binary type (`PInt<UInt<UInt<UTerm, B1>, B0>>`);
//! the assertion traits of [`crate::typelevel::check`] take their operands
//! through [`Readable`] instead, which maps each integer `n` to [`Num<n>`](Num) (CuTe C++
//! names it `Int<n>`), an HList to a tuple, a layout to [`ShapeStride`] and keeps `Tile`:
//! `(4,6):(1,4)` prints as `ShapeStride<(Num<4>, Num<6>), (Num<1>, Num<4>)>`. Only an error
//! path evaluates it, so it costs nothing on success. Integers of magnitude up
//! to 1024 map directly; larger ones print in groups of three digits,
//! `Thousands<Num<16>, Num<384>>` for 16384.
//!
//! ```
//! use layout_algebra::typelevel::check::*;
//! use typenum::consts::*;
//! let _: ReadableOf<P16384> = Thousands::<Num<16>, Num<384>>::default();
//! let _: ReadableOf<frunk_core::HList![N3, P1]> = (Num::<-3>, Num::<1>);
//! ```

use core::marker::PhantomData;
use frunk_core::hlist::{HCons, HNil};
use typenum::consts::*;
use typenum::{Integer, IsLessOrEqual, LeEq, Mod, NInt, PInt, Quot, UInt, Unsigned, B0, B1, Z0};

use crate::typelevel::{Layout, Tile};

/// A static integer `N` as shown in compile errors.
#[derive(Clone, Copy, Debug, Default)]
pub struct Num<const N: i64>;

/// An integer `1000·H + L` of magnitude above 1024 (`H`, `L` shown).
#[derive(Debug, Default)]
pub struct Thousands<H, L>(PhantomData<(H, L)>);

/// A run-time leaf ([`Dyn`](crate::typelevel::Dyn)), in an error message
/// (`Dyn` itself would print with its full path: a dependency has a `Dyn` too).
#[derive(Clone, Copy, Debug, Default)]
pub struct DynLeaf;

/// A negative stride, in an error message.
#[derive(Debug, Default)]
pub struct NegativeStrideMode;

/// A stride, in an error message (a bare `Num<n>` would print with its full path).
#[derive(Debug, Default)]
pub struct ModeStride<N>(PhantomData<N>);

/// A shape, in an error message.
#[derive(Debug, Default)]
pub struct ModeShape<N>(PhantomData<N>);

/// The extent a tile with its gaps fills, in an error message.
#[derive(Debug, Default)]
pub struct TileExtent<N>(PhantomData<N>);

/// The size of the first modes of a layout, in an error message.
#[derive(Debug, Default)]
pub struct PrefixSize<N>(PhantomData<N>);

/// The extent (shape·stride) of the modes below a mode, in an error message.
#[derive(Debug, Default)]
pub struct Extent<N>(PhantomData<N>);

/// A complement's cotarget, in an error message.
#[derive(Debug, Default)]
pub struct Cotarget<N>(PhantomData<N>);

impl<N: Readable> Readable for Cotarget<N> {
    type Out = Cotarget<N::Out>;
}

/// The factor of `upcast` / `downcast`, in an error message.
#[derive(Debug, Default)]
pub struct Factor<N>(PhantomData<N>);

impl<N: Readable> Readable for Factor<N> {
    type Out = Factor<N::Out>;
}

/// The element widths in bits (old, new) of `recast_layout`, in an error message.
#[derive(Debug, Default)]
pub struct ElementBits<O, W>(PhantomData<(O, W)>);

impl<O: Readable, W: Readable> Readable for ElementBits<O, W> {
    type Out = ElementBits<O::Out, W::Out>;
}

/// The by-mode profile of `coalesce` or `filter`, in an error message.
#[derive(Debug, Default)]
pub struct Profile<P>(PhantomData<P>);

impl<P: Readable> Readable for Profile<P> {
    type Out = Profile<P::Out>;
}

/// The target shape and block order of `tile_to_shape`, in an error message.
#[derive(Debug, Default)]
pub struct TargetShape<T, O>(PhantomData<(T, O)>);

// `tile_to_shape`'s target (its right operand's gate) and `crd2crd`'s shapes
// (the int-tuple gate): static when both parts are.
crate::typelevel::tuple::both_static!(TargetShape, SourceTarget);

impl<T: Readable, O: Readable> Readable for TargetShape<T, O> {
    type Out = TargetShape<T::Out, O::Out>;
}

/// The source and target shapes of `crd2crd`, in an error message.
#[derive(Debug, Default)]
pub struct SourceTarget<S, D>(PhantomData<(S, D)>);

impl<S: Readable, D: Readable> Readable for SourceTarget<S, D> {
    type Out = SourceTarget<S::Out, D::Out>;
}

/// A scaled-basis stride `v@i…` in an error message: the scale `V` and the
/// indices `P`, outermost first.
#[derive(Debug, Default)]
pub struct BasisAt<V, P>(PhantomData<(V, P)>);

/// A rank, in an error message.
#[derive(Debug, Default)]
pub struct RankIs<N>(PhantomData<N>);

/// The size of a block mode, in an error message.
#[derive(Debug, Default)]
pub struct BlockSize<N>(PhantomData<N>);

/// The size of a target mode, in an error message.
#[derive(Debug, Default)]
pub struct TargetSize<N>(PhantomData<N>);

/// The layout's own cosize, the cotarget of `complement_default`, in an error message.
#[derive(Debug, Default)]
pub struct OwnCosize;

impl Readable for OwnCosize {
    type Out = OwnCosize;
}

impl Readable for () {
    type Out = ();
}

/// The entries of a tuple after its eighth.
#[derive(Debug, Default)]
pub struct More<T>(PhantomData<T>);

/// The negation of a shown integer of magnitude above 1024.
#[derive(Debug, Default)]
pub struct Minus<N>(PhantomData<N>);

/// The readable form of a type.
pub trait Readable {
    /// The readable form.
    type Out;
}

/// The readable form of `T`.
pub type ReadableOf<T> = <T as Readable>::Out;

/// Small magnitudes (1..=1024), positive and negative.
pub trait SmallNum {
    /// `Num<n>`.
    type Out;
}

macro_rules! table {
    ($($t:ident $n:literal,)*) => {$(
        impl SmallNum for $t {
            type Out = Num<$n>;
        }
    )*};
}

table! {
    P1 1, P2 2, P3 3, P4 4, P5 5, P6 6, P7 7, P8 8, P9 9, P10 10, P11 11, P12 12, P13 13, P14 14,
    P15 15, P16 16, P17 17, P18 18, P19 19, P20 20, P21 21, P22 22, P23 23, P24 24, P25 25, P26 26,
    P27 27, P28 28, P29 29, P30 30, P31 31, P32 32, P33 33, P34 34, P35 35, P36 36, P37 37, P38 38,
    P39 39, P40 40, P41 41, P42 42, P43 43, P44 44, P45 45, P46 46, P47 47, P48 48, P49 49, P50 50,
    P51 51, P52 52, P53 53, P54 54, P55 55, P56 56, P57 57, P58 58, P59 59, P60 60, P61 61, P62 62,
    P63 63, P64 64, P65 65, P66 66, P67 67, P68 68, P69 69, P70 70, P71 71, P72 72, P73 73, P74 74,
    P75 75, P76 76, P77 77, P78 78, P79 79, P80 80, P81 81, P82 82, P83 83, P84 84, P85 85, P86 86,
    P87 87, P88 88, P89 89, P90 90, P91 91, P92 92, P93 93, P94 94, P95 95, P96 96, P97 97, P98 98,
    P99 99, P100 100, P101 101, P102 102, P103 103, P104 104, P105 105, P106 106, P107 107, P108
    108, P109 109, P110 110, P111 111, P112 112, P113 113, P114 114, P115 115, P116 116, P117 117,
    P118 118, P119 119, P120 120, P121 121, P122 122, P123 123, P124 124, P125 125, P126 126, P127
    127, P128 128, P129 129, P130 130, P131 131, P132 132, P133 133, P134 134, P135 135, P136 136,
    P137 137, P138 138, P139 139, P140 140, P141 141, P142 142, P143 143, P144 144, P145 145, P146
    146, P147 147, P148 148, P149 149, P150 150, P151 151, P152 152, P153 153, P154 154, P155 155,
    P156 156, P157 157, P158 158, P159 159, P160 160, P161 161, P162 162, P163 163, P164 164, P165
    165, P166 166, P167 167, P168 168, P169 169, P170 170, P171 171, P172 172, P173 173, P174 174,
    P175 175, P176 176, P177 177, P178 178, P179 179, P180 180, P181 181, P182 182, P183 183, P184
    184, P185 185, P186 186, P187 187, P188 188, P189 189, P190 190, P191 191, P192 192, P193 193,
    P194 194, P195 195, P196 196, P197 197, P198 198, P199 199, P200 200, P201 201, P202 202, P203
    203, P204 204, P205 205, P206 206, P207 207, P208 208, P209 209, P210 210, P211 211, P212 212,
    P213 213, P214 214, P215 215, P216 216, P217 217, P218 218, P219 219, P220 220, P221 221, P222
    222, P223 223, P224 224, P225 225, P226 226, P227 227, P228 228, P229 229, P230 230, P231 231,
    P232 232, P233 233, P234 234, P235 235, P236 236, P237 237, P238 238, P239 239, P240 240, P241
    241, P242 242, P243 243, P244 244, P245 245, P246 246, P247 247, P248 248, P249 249, P250 250,
    P251 251, P252 252, P253 253, P254 254, P255 255, P256 256, P257 257, P258 258, P259 259, P260
    260, P261 261, P262 262, P263 263, P264 264, P265 265, P266 266, P267 267, P268 268, P269 269,
    P270 270, P271 271, P272 272, P273 273, P274 274, P275 275, P276 276, P277 277, P278 278, P279
    279, P280 280, P281 281, P282 282, P283 283, P284 284, P285 285, P286 286, P287 287, P288 288,
    P289 289, P290 290, P291 291, P292 292, P293 293, P294 294, P295 295, P296 296, P297 297, P298
    298, P299 299, P300 300, P301 301, P302 302, P303 303, P304 304, P305 305, P306 306, P307 307,
    P308 308, P309 309, P310 310, P311 311, P312 312, P313 313, P314 314, P315 315, P316 316, P317
    317, P318 318, P319 319, P320 320, P321 321, P322 322, P323 323, P324 324, P325 325, P326 326,
    P327 327, P328 328, P329 329, P330 330, P331 331, P332 332, P333 333, P334 334, P335 335, P336
    336, P337 337, P338 338, P339 339, P340 340, P341 341, P342 342, P343 343, P344 344, P345 345,
    P346 346, P347 347, P348 348, P349 349, P350 350, P351 351, P352 352, P353 353, P354 354, P355
    355, P356 356, P357 357, P358 358, P359 359, P360 360, P361 361, P362 362, P363 363, P364 364,
    P365 365, P366 366, P367 367, P368 368, P369 369, P370 370, P371 371, P372 372, P373 373, P374
    374, P375 375, P376 376, P377 377, P378 378, P379 379, P380 380, P381 381, P382 382, P383 383,
    P384 384, P385 385, P386 386, P387 387, P388 388, P389 389, P390 390, P391 391, P392 392, P393
    393, P394 394, P395 395, P396 396, P397 397, P398 398, P399 399, P400 400, P401 401, P402 402,
    P403 403, P404 404, P405 405, P406 406, P407 407, P408 408, P409 409, P410 410, P411 411, P412
    412, P413 413, P414 414, P415 415, P416 416, P417 417, P418 418, P419 419, P420 420, P421 421,
    P422 422, P423 423, P424 424, P425 425, P426 426, P427 427, P428 428, P429 429, P430 430, P431
    431, P432 432, P433 433, P434 434, P435 435, P436 436, P437 437, P438 438, P439 439, P440 440,
    P441 441, P442 442, P443 443, P444 444, P445 445, P446 446, P447 447, P448 448, P449 449, P450
    450, P451 451, P452 452, P453 453, P454 454, P455 455, P456 456, P457 457, P458 458, P459 459,
    P460 460, P461 461, P462 462, P463 463, P464 464, P465 465, P466 466, P467 467, P468 468, P469
    469, P470 470, P471 471, P472 472, P473 473, P474 474, P475 475, P476 476, P477 477, P478 478,
    P479 479, P480 480, P481 481, P482 482, P483 483, P484 484, P485 485, P486 486, P487 487, P488
    488, P489 489, P490 490, P491 491, P492 492, P493 493, P494 494, P495 495, P496 496, P497 497,
    P498 498, P499 499, P500 500, P501 501, P502 502, P503 503, P504 504, P505 505, P506 506, P507
    507, P508 508, P509 509, P510 510, P511 511, P512 512, P513 513, P514 514, P515 515, P516 516,
    P517 517, P518 518, P519 519, P520 520, P521 521, P522 522, P523 523, P524 524, P525 525, P526
    526, P527 527, P528 528, P529 529, P530 530, P531 531, P532 532, P533 533, P534 534, P535 535,
    P536 536, P537 537, P538 538, P539 539, P540 540, P541 541, P542 542, P543 543, P544 544, P545
    545, P546 546, P547 547, P548 548, P549 549, P550 550, P551 551, P552 552, P553 553, P554 554,
    P555 555, P556 556, P557 557, P558 558, P559 559, P560 560, P561 561, P562 562, P563 563, P564
    564, P565 565, P566 566, P567 567, P568 568, P569 569, P570 570, P571 571, P572 572, P573 573,
    P574 574, P575 575, P576 576, P577 577, P578 578, P579 579, P580 580, P581 581, P582 582, P583
    583, P584 584, P585 585, P586 586, P587 587, P588 588, P589 589, P590 590, P591 591, P592 592,
    P593 593, P594 594, P595 595, P596 596, P597 597, P598 598, P599 599, P600 600, P601 601, P602
    602, P603 603, P604 604, P605 605, P606 606, P607 607, P608 608, P609 609, P610 610, P611 611,
    P612 612, P613 613, P614 614, P615 615, P616 616, P617 617, P618 618, P619 619, P620 620, P621
    621, P622 622, P623 623, P624 624, P625 625, P626 626, P627 627, P628 628, P629 629, P630 630,
    P631 631, P632 632, P633 633, P634 634, P635 635, P636 636, P637 637, P638 638, P639 639, P640
    640, P641 641, P642 642, P643 643, P644 644, P645 645, P646 646, P647 647, P648 648, P649 649,
    P650 650, P651 651, P652 652, P653 653, P654 654, P655 655, P656 656, P657 657, P658 658, P659
    659, P660 660, P661 661, P662 662, P663 663, P664 664, P665 665, P666 666, P667 667, P668 668,
    P669 669, P670 670, P671 671, P672 672, P673 673, P674 674, P675 675, P676 676, P677 677, P678
    678, P679 679, P680 680, P681 681, P682 682, P683 683, P684 684, P685 685, P686 686, P687 687,
    P688 688, P689 689, P690 690, P691 691, P692 692, P693 693, P694 694, P695 695, P696 696, P697
    697, P698 698, P699 699, P700 700, P701 701, P702 702, P703 703, P704 704, P705 705, P706 706,
    P707 707, P708 708, P709 709, P710 710, P711 711, P712 712, P713 713, P714 714, P715 715, P716
    716, P717 717, P718 718, P719 719, P720 720, P721 721, P722 722, P723 723, P724 724, P725 725,
    P726 726, P727 727, P728 728, P729 729, P730 730, P731 731, P732 732, P733 733, P734 734, P735
    735, P736 736, P737 737, P738 738, P739 739, P740 740, P741 741, P742 742, P743 743, P744 744,
    P745 745, P746 746, P747 747, P748 748, P749 749, P750 750, P751 751, P752 752, P753 753, P754
    754, P755 755, P756 756, P757 757, P758 758, P759 759, P760 760, P761 761, P762 762, P763 763,
    P764 764, P765 765, P766 766, P767 767, P768 768, P769 769, P770 770, P771 771, P772 772, P773
    773, P774 774, P775 775, P776 776, P777 777, P778 778, P779 779, P780 780, P781 781, P782 782,
    P783 783, P784 784, P785 785, P786 786, P787 787, P788 788, P789 789, P790 790, P791 791, P792
    792, P793 793, P794 794, P795 795, P796 796, P797 797, P798 798, P799 799, P800 800, P801 801,
    P802 802, P803 803, P804 804, P805 805, P806 806, P807 807, P808 808, P809 809, P810 810, P811
    811, P812 812, P813 813, P814 814, P815 815, P816 816, P817 817, P818 818, P819 819, P820 820,
    P821 821, P822 822, P823 823, P824 824, P825 825, P826 826, P827 827, P828 828, P829 829, P830
    830, P831 831, P832 832, P833 833, P834 834, P835 835, P836 836, P837 837, P838 838, P839 839,
    P840 840, P841 841, P842 842, P843 843, P844 844, P845 845, P846 846, P847 847, P848 848, P849
    849, P850 850, P851 851, P852 852, P853 853, P854 854, P855 855, P856 856, P857 857, P858 858,
    P859 859, P860 860, P861 861, P862 862, P863 863, P864 864, P865 865, P866 866, P867 867, P868
    868, P869 869, P870 870, P871 871, P872 872, P873 873, P874 874, P875 875, P876 876, P877 877,
    P878 878, P879 879, P880 880, P881 881, P882 882, P883 883, P884 884, P885 885, P886 886, P887
    887, P888 888, P889 889, P890 890, P891 891, P892 892, P893 893, P894 894, P895 895, P896 896,
    P897 897, P898 898, P899 899, P900 900, P901 901, P902 902, P903 903, P904 904, P905 905, P906
    906, P907 907, P908 908, P909 909, P910 910, P911 911, P912 912, P913 913, P914 914, P915 915,
    P916 916, P917 917, P918 918, P919 919, P920 920, P921 921, P922 922, P923 923, P924 924, P925
    925, P926 926, P927 927, P928 928, P929 929, P930 930, P931 931, P932 932, P933 933, P934 934,
    P935 935, P936 936, P937 937, P938 938, P939 939, P940 940, P941 941, P942 942, P943 943, P944
    944, P945 945, P946 946, P947 947, P948 948, P949 949, P950 950, P951 951, P952 952, P953 953,
    P954 954, P955 955, P956 956, P957 957, P958 958, P959 959, P960 960, P961 961, P962 962, P963
    963, P964 964, P965 965, P966 966, P967 967, P968 968, P969 969, P970 970, P971 971, P972 972,
    P973 973, P974 974, P975 975, P976 976, P977 977, P978 978, P979 979, P980 980, P981 981, P982
    982, P983 983, P984 984, P985 985, P986 986, P987 987, P988 988, P989 989, P990 990, P991 991,
    P992 992, P993 993, P994 994, P995 995, P996 996, P997 997, P998 998, P999 999, P1000 1000,
    P1001 1001, P1002 1002, P1003 1003, P1004 1004, P1005 1005, P1006 1006, P1007 1007, P1008 1008,
    P1009 1009, P1010 1010, P1011 1011, P1012 1012, P1013 1013, P1014 1014, P1015 1015, P1016 1016,
    P1017 1017, P1018 1018, P1019 1019, P1020 1020, P1021 1021, P1022 1022, P1023 1023, P1024 1024,
}
table! {
    N1 -1, N2 -2, N3 -3, N4 -4, N5 -5, N6 -6, N7 -7, N8 -8, N9 -9, N10 -10, N11 -11, N12 -12, N13
    -13, N14 -14, N15 -15, N16 -16, N17 -17, N18 -18, N19 -19, N20 -20, N21 -21, N22 -22, N23 -23,
    N24 -24, N25 -25, N26 -26, N27 -27, N28 -28, N29 -29, N30 -30, N31 -31, N32 -32, N33 -33, N34
    -34, N35 -35, N36 -36, N37 -37, N38 -38, N39 -39, N40 -40, N41 -41, N42 -42, N43 -43, N44 -44,
    N45 -45, N46 -46, N47 -47, N48 -48, N49 -49, N50 -50, N51 -51, N52 -52, N53 -53, N54 -54, N55
    -55, N56 -56, N57 -57, N58 -58, N59 -59, N60 -60, N61 -61, N62 -62, N63 -63, N64 -64, N65 -65,
    N66 -66, N67 -67, N68 -68, N69 -69, N70 -70, N71 -71, N72 -72, N73 -73, N74 -74, N75 -75, N76
    -76, N77 -77, N78 -78, N79 -79, N80 -80, N81 -81, N82 -82, N83 -83, N84 -84, N85 -85, N86 -86,
    N87 -87, N88 -88, N89 -89, N90 -90, N91 -91, N92 -92, N93 -93, N94 -94, N95 -95, N96 -96, N97
    -97, N98 -98, N99 -99, N100 -100, N101 -101, N102 -102, N103 -103, N104 -104, N105 -105, N106
    -106, N107 -107, N108 -108, N109 -109, N110 -110, N111 -111, N112 -112, N113 -113, N114 -114,
    N115 -115, N116 -116, N117 -117, N118 -118, N119 -119, N120 -120, N121 -121, N122 -122, N123
    -123, N124 -124, N125 -125, N126 -126, N127 -127, N128 -128, N129 -129, N130 -130, N131 -131,
    N132 -132, N133 -133, N134 -134, N135 -135, N136 -136, N137 -137, N138 -138, N139 -139, N140
    -140, N141 -141, N142 -142, N143 -143, N144 -144, N145 -145, N146 -146, N147 -147, N148 -148,
    N149 -149, N150 -150, N151 -151, N152 -152, N153 -153, N154 -154, N155 -155, N156 -156, N157
    -157, N158 -158, N159 -159, N160 -160, N161 -161, N162 -162, N163 -163, N164 -164, N165 -165,
    N166 -166, N167 -167, N168 -168, N169 -169, N170 -170, N171 -171, N172 -172, N173 -173, N174
    -174, N175 -175, N176 -176, N177 -177, N178 -178, N179 -179, N180 -180, N181 -181, N182 -182,
    N183 -183, N184 -184, N185 -185, N186 -186, N187 -187, N188 -188, N189 -189, N190 -190, N191
    -191, N192 -192, N193 -193, N194 -194, N195 -195, N196 -196, N197 -197, N198 -198, N199 -199,
    N200 -200, N201 -201, N202 -202, N203 -203, N204 -204, N205 -205, N206 -206, N207 -207, N208
    -208, N209 -209, N210 -210, N211 -211, N212 -212, N213 -213, N214 -214, N215 -215, N216 -216,
    N217 -217, N218 -218, N219 -219, N220 -220, N221 -221, N222 -222, N223 -223, N224 -224, N225
    -225, N226 -226, N227 -227, N228 -228, N229 -229, N230 -230, N231 -231, N232 -232, N233 -233,
    N234 -234, N235 -235, N236 -236, N237 -237, N238 -238, N239 -239, N240 -240, N241 -241, N242
    -242, N243 -243, N244 -244, N245 -245, N246 -246, N247 -247, N248 -248, N249 -249, N250 -250,
    N251 -251, N252 -252, N253 -253, N254 -254, N255 -255, N256 -256, N257 -257, N258 -258, N259
    -259, N260 -260, N261 -261, N262 -262, N263 -263, N264 -264, N265 -265, N266 -266, N267 -267,
    N268 -268, N269 -269, N270 -270, N271 -271, N272 -272, N273 -273, N274 -274, N275 -275, N276
    -276, N277 -277, N278 -278, N279 -279, N280 -280, N281 -281, N282 -282, N283 -283, N284 -284,
    N285 -285, N286 -286, N287 -287, N288 -288, N289 -289, N290 -290, N291 -291, N292 -292, N293
    -293, N294 -294, N295 -295, N296 -296, N297 -297, N298 -298, N299 -299, N300 -300, N301 -301,
    N302 -302, N303 -303, N304 -304, N305 -305, N306 -306, N307 -307, N308 -308, N309 -309, N310
    -310, N311 -311, N312 -312, N313 -313, N314 -314, N315 -315, N316 -316, N317 -317, N318 -318,
    N319 -319, N320 -320, N321 -321, N322 -322, N323 -323, N324 -324, N325 -325, N326 -326, N327
    -327, N328 -328, N329 -329, N330 -330, N331 -331, N332 -332, N333 -333, N334 -334, N335 -335,
    N336 -336, N337 -337, N338 -338, N339 -339, N340 -340, N341 -341, N342 -342, N343 -343, N344
    -344, N345 -345, N346 -346, N347 -347, N348 -348, N349 -349, N350 -350, N351 -351, N352 -352,
    N353 -353, N354 -354, N355 -355, N356 -356, N357 -357, N358 -358, N359 -359, N360 -360, N361
    -361, N362 -362, N363 -363, N364 -364, N365 -365, N366 -366, N367 -367, N368 -368, N369 -369,
    N370 -370, N371 -371, N372 -372, N373 -373, N374 -374, N375 -375, N376 -376, N377 -377, N378
    -378, N379 -379, N380 -380, N381 -381, N382 -382, N383 -383, N384 -384, N385 -385, N386 -386,
    N387 -387, N388 -388, N389 -389, N390 -390, N391 -391, N392 -392, N393 -393, N394 -394, N395
    -395, N396 -396, N397 -397, N398 -398, N399 -399, N400 -400, N401 -401, N402 -402, N403 -403,
    N404 -404, N405 -405, N406 -406, N407 -407, N408 -408, N409 -409, N410 -410, N411 -411, N412
    -412, N413 -413, N414 -414, N415 -415, N416 -416, N417 -417, N418 -418, N419 -419, N420 -420,
    N421 -421, N422 -422, N423 -423, N424 -424, N425 -425, N426 -426, N427 -427, N428 -428, N429
    -429, N430 -430, N431 -431, N432 -432, N433 -433, N434 -434, N435 -435, N436 -436, N437 -437,
    N438 -438, N439 -439, N440 -440, N441 -441, N442 -442, N443 -443, N444 -444, N445 -445, N446
    -446, N447 -447, N448 -448, N449 -449, N450 -450, N451 -451, N452 -452, N453 -453, N454 -454,
    N455 -455, N456 -456, N457 -457, N458 -458, N459 -459, N460 -460, N461 -461, N462 -462, N463
    -463, N464 -464, N465 -465, N466 -466, N467 -467, N468 -468, N469 -469, N470 -470, N471 -471,
    N472 -472, N473 -473, N474 -474, N475 -475, N476 -476, N477 -477, N478 -478, N479 -479, N480
    -480, N481 -481, N482 -482, N483 -483, N484 -484, N485 -485, N486 -486, N487 -487, N488 -488,
    N489 -489, N490 -490, N491 -491, N492 -492, N493 -493, N494 -494, N495 -495, N496 -496, N497
    -497, N498 -498, N499 -499, N500 -500, N501 -501, N502 -502, N503 -503, N504 -504, N505 -505,
    N506 -506, N507 -507, N508 -508, N509 -509, N510 -510, N511 -511, N512 -512, N513 -513, N514
    -514, N515 -515, N516 -516, N517 -517, N518 -518, N519 -519, N520 -520, N521 -521, N522 -522,
    N523 -523, N524 -524, N525 -525, N526 -526, N527 -527, N528 -528, N529 -529, N530 -530, N531
    -531, N532 -532, N533 -533, N534 -534, N535 -535, N536 -536, N537 -537, N538 -538, N539 -539,
    N540 -540, N541 -541, N542 -542, N543 -543, N544 -544, N545 -545, N546 -546, N547 -547, N548
    -548, N549 -549, N550 -550, N551 -551, N552 -552, N553 -553, N554 -554, N555 -555, N556 -556,
    N557 -557, N558 -558, N559 -559, N560 -560, N561 -561, N562 -562, N563 -563, N564 -564, N565
    -565, N566 -566, N567 -567, N568 -568, N569 -569, N570 -570, N571 -571, N572 -572, N573 -573,
    N574 -574, N575 -575, N576 -576, N577 -577, N578 -578, N579 -579, N580 -580, N581 -581, N582
    -582, N583 -583, N584 -584, N585 -585, N586 -586, N587 -587, N588 -588, N589 -589, N590 -590,
    N591 -591, N592 -592, N593 -593, N594 -594, N595 -595, N596 -596, N597 -597, N598 -598, N599
    -599, N600 -600, N601 -601, N602 -602, N603 -603, N604 -604, N605 -605, N606 -606, N607 -607,
    N608 -608, N609 -609, N610 -610, N611 -611, N612 -612, N613 -613, N614 -614, N615 -615, N616
    -616, N617 -617, N618 -618, N619 -619, N620 -620, N621 -621, N622 -622, N623 -623, N624 -624,
    N625 -625, N626 -626, N627 -627, N628 -628, N629 -629, N630 -630, N631 -631, N632 -632, N633
    -633, N634 -634, N635 -635, N636 -636, N637 -637, N638 -638, N639 -639, N640 -640, N641 -641,
    N642 -642, N643 -643, N644 -644, N645 -645, N646 -646, N647 -647, N648 -648, N649 -649, N650
    -650, N651 -651, N652 -652, N653 -653, N654 -654, N655 -655, N656 -656, N657 -657, N658 -658,
    N659 -659, N660 -660, N661 -661, N662 -662, N663 -663, N664 -664, N665 -665, N666 -666, N667
    -667, N668 -668, N669 -669, N670 -670, N671 -671, N672 -672, N673 -673, N674 -674, N675 -675,
    N676 -676, N677 -677, N678 -678, N679 -679, N680 -680, N681 -681, N682 -682, N683 -683, N684
    -684, N685 -685, N686 -686, N687 -687, N688 -688, N689 -689, N690 -690, N691 -691, N692 -692,
    N693 -693, N694 -694, N695 -695, N696 -696, N697 -697, N698 -698, N699 -699, N700 -700, N701
    -701, N702 -702, N703 -703, N704 -704, N705 -705, N706 -706, N707 -707, N708 -708, N709 -709,
    N710 -710, N711 -711, N712 -712, N713 -713, N714 -714, N715 -715, N716 -716, N717 -717, N718
    -718, N719 -719, N720 -720, N721 -721, N722 -722, N723 -723, N724 -724, N725 -725, N726 -726,
    N727 -727, N728 -728, N729 -729, N730 -730, N731 -731, N732 -732, N733 -733, N734 -734, N735
    -735, N736 -736, N737 -737, N738 -738, N739 -739, N740 -740, N741 -741, N742 -742, N743 -743,
    N744 -744, N745 -745, N746 -746, N747 -747, N748 -748, N749 -749, N750 -750, N751 -751, N752
    -752, N753 -753, N754 -754, N755 -755, N756 -756, N757 -757, N758 -758, N759 -759, N760 -760,
    N761 -761, N762 -762, N763 -763, N764 -764, N765 -765, N766 -766, N767 -767, N768 -768, N769
    -769, N770 -770, N771 -771, N772 -772, N773 -773, N774 -774, N775 -775, N776 -776, N777 -777,
    N778 -778, N779 -779, N780 -780, N781 -781, N782 -782, N783 -783, N784 -784, N785 -785, N786
    -786, N787 -787, N788 -788, N789 -789, N790 -790, N791 -791, N792 -792, N793 -793, N794 -794,
    N795 -795, N796 -796, N797 -797, N798 -798, N799 -799, N800 -800, N801 -801, N802 -802, N803
    -803, N804 -804, N805 -805, N806 -806, N807 -807, N808 -808, N809 -809, N810 -810, N811 -811,
    N812 -812, N813 -813, N814 -814, N815 -815, N816 -816, N817 -817, N818 -818, N819 -819, N820
    -820, N821 -821, N822 -822, N823 -823, N824 -824, N825 -825, N826 -826, N827 -827, N828 -828,
    N829 -829, N830 -830, N831 -831, N832 -832, N833 -833, N834 -834, N835 -835, N836 -836, N837
    -837, N838 -838, N839 -839, N840 -840, N841 -841, N842 -842, N843 -843, N844 -844, N845 -845,
    N846 -846, N847 -847, N848 -848, N849 -849, N850 -850, N851 -851, N852 -852, N853 -853, N854
    -854, N855 -855, N856 -856, N857 -857, N858 -858, N859 -859, N860 -860, N861 -861, N862 -862,
    N863 -863, N864 -864, N865 -865, N866 -866, N867 -867, N868 -868, N869 -869, N870 -870, N871
    -871, N872 -872, N873 -873, N874 -874, N875 -875, N876 -876, N877 -877, N878 -878, N879 -879,
    N880 -880, N881 -881, N882 -882, N883 -883, N884 -884, N885 -885, N886 -886, N887 -887, N888
    -888, N889 -889, N890 -890, N891 -891, N892 -892, N893 -893, N894 -894, N895 -895, N896 -896,
    N897 -897, N898 -898, N899 -899, N900 -900, N901 -901, N902 -902, N903 -903, N904 -904, N905
    -905, N906 -906, N907 -907, N908 -908, N909 -909, N910 -910, N911 -911, N912 -912, N913 -913,
    N914 -914, N915 -915, N916 -916, N917 -917, N918 -918, N919 -919, N920 -920, N921 -921, N922
    -922, N923 -923, N924 -924, N925 -925, N926 -926, N927 -927, N928 -928, N929 -929, N930 -930,
    N931 -931, N932 -932, N933 -933, N934 -934, N935 -935, N936 -936, N937 -937, N938 -938, N939
    -939, N940 -940, N941 -941, N942 -942, N943 -943, N944 -944, N945 -945, N946 -946, N947 -947,
    N948 -948, N949 -949, N950 -950, N951 -951, N952 -952, N953 -953, N954 -954, N955 -955, N956
    -956, N957 -957, N958 -958, N959 -959, N960 -960, N961 -961, N962 -962, N963 -963, N964 -964,
    N965 -965, N966 -966, N967 -967, N968 -968, N969 -969, N970 -970, N971 -971, N972 -972, N973
    -973, N974 -974, N975 -975, N976 -976, N977 -977, N978 -978, N979 -979, N980 -980, N981 -981,
    N982 -982, N983 -983, N984 -984, N985 -985, N986 -986, N987 -987, N988 -988, N989 -989, N990
    -990, N991 -991, N992 -992, N993 -993, N994 -994, N995 -995, N996 -996, N997 -997, N998 -998,
    N999 -999, N1000 -1000, N1001 -1001, N1002 -1002, N1003 -1003, N1004 -1004, N1005 -1005, N1006
    -1006, N1007 -1007, N1008 -1008, N1009 -1009, N1010 -1010, N1011 -1011, N1012 -1012, N1013
    -1013, N1014 -1014, N1015 -1015, N1016 -1016, N1017 -1017, N1018 -1018, N1019 -1019, N1020
    -1020, N1021 -1021, N1022 -1022, N1023 -1023, N1024 -1024,
}

impl SmallNum for Z0 {
    type Out = Num<0>;
}

/// Magnitudes of any size, as an unsigned typenum.
pub trait ReadableU {
    /// `Num<n>` or `Thousands<..>`.
    type Out;
}

impl<U, B> ReadableU for UInt<U, B>
where
    UInt<U, B>: IsLessOrEqual<U1024>,
    LeEq<UInt<U, B>, U1024>: ReadableSized<UInt<U, B>>,
{
    type Out = <LeEq<UInt<U, B>, U1024> as ReadableSized<UInt<U, B>>>::Out;
}

/// Branch of [`ReadableU`] on "at most 1024".
pub trait ReadableSized<U> {
    /// The readable form.
    type Out;
}

impl<U> ReadableSized<U> for B1
where
    U: Unsigned + typenum::NonZero,
    PInt<U>: SmallNum,
{
    type Out = <PInt<U> as SmallNum>::Out;
}

impl<U> ReadableSized<U> for B0
where
    U: core::ops::Div<U1000> + core::ops::Rem<U1000>,
    Quot<U, U1000>: ReadableU,
    Mod<U, U1000>: ReadableLow,
{
    type Out = Thousands<<Quot<U, U1000> as ReadableU>::Out, <Mod<U, U1000> as ReadableLow>::Out>;
}

/// The low three digits (0..1000) of a large number.
pub trait ReadableLow {
    /// `Num<n>`.
    type Out;
}

impl ReadableLow for typenum::UTerm {
    type Out = Num<0>;
}

impl<U, B> ReadableLow for UInt<U, B>
where
    UInt<U, B>: Unsigned + typenum::NonZero,
    PInt<UInt<U, B>>: SmallNum,
{
    type Out = <PInt<UInt<U, B>> as SmallNum>::Out;
}

/// A basis index 0 (in a scaled basis, `ScaledBasis<Num<1>, (Num<0>,)>`).
impl Readable for typenum::UTerm {
    type Out = Num<0>;
}

/// A basis index above 0.
impl<U, B> Readable for UInt<U, B>
where
    UInt<U, B>: ReadableU,
{
    type Out = <UInt<U, B> as ReadableU>::Out;
}

impl Readable for crate::typelevel::Dyn {
    type Out = DynLeaf;
}

/// A `DivBy<N>` leaf as `DivBy<Num<n>>`.
impl<N: ReadableU> Readable for crate::typelevel::DivBy<N> {
    type Out = crate::typelevel::DivBy<N::Out>;
}

impl Readable for Z0 {
    type Out = Num<0>;
}

impl<U> Readable for PInt<U>
where
    U: Unsigned + typenum::NonZero + ReadableU,
{
    type Out = <U as ReadableU>::Out;
}

impl<U> Readable for NInt<U>
where
    U: Unsigned + typenum::NonZero + core::ops::Sub<typenum::U1>,
    NInt<U>: Integer,
    U: IsLessOrEqual<U1024>,
    LeEq<U, U1024>: ReadableNeg<U>,
{
    type Out = <LeEq<U, U1024> as ReadableNeg<U>>::Out;
}

/// Branch of the negative case on "magnitude at most 1024".
pub trait ReadableNeg<U> {
    /// The readable form.
    type Out;
}

impl<U> ReadableNeg<U> for B1
where
    U: Unsigned + typenum::NonZero,
    NInt<U>: SmallNum,
{
    type Out = <NInt<U> as SmallNum>::Out;
}

impl<U> ReadableNeg<U> for B0
where
    U: ReadableU,
{
    type Out = Minus<<U as ReadableU>::Out>;
}

impl Readable for HNil {
    type Out = ();
}

impl<A: Readable> Readable for HCons<A, HNil> {
    type Out = (A::Out,);
}

impl<A: Readable, B: Readable> Readable for HCons<A, HCons<B, HNil>> {
    type Out = (A::Out, B::Out);
}

impl<A: Readable, B: Readable, E: Readable> Readable for HCons<A, HCons<B, HCons<E, HNil>>> {
    type Out = (A::Out, B::Out, E::Out);
}

impl<A: Readable, B: Readable, E: Readable, F: Readable> Readable
    for HCons<A, HCons<B, HCons<E, HCons<F, HNil>>>>
{
    type Out = (A::Out, B::Out, E::Out, F::Out);
}

impl<A: Readable, B: Readable, E: Readable, F: Readable, G: Readable> Readable
    for HCons<A, HCons<B, HCons<E, HCons<F, HCons<G, HNil>>>>>
{
    type Out = (A::Out, B::Out, E::Out, F::Out, G::Out);
}

impl<A: Readable, B: Readable, E: Readable, F: Readable, G: Readable, H: Readable> Readable
    for HCons<A, HCons<B, HCons<E, HCons<F, HCons<G, HCons<H, HNil>>>>>>
{
    type Out = (A::Out, B::Out, E::Out, F::Out, G::Out, H::Out);
}

impl<A: Readable, B: Readable, E: Readable, F: Readable, G: Readable, H: Readable, I: Readable>
    Readable for HCons<A, HCons<B, HCons<E, HCons<F, HCons<G, HCons<H, HCons<I, HNil>>>>>>>
{
    type Out = (A::Out, B::Out, E::Out, F::Out, G::Out, H::Out, I::Out);
}

impl<
        A: Readable,
        B: Readable,
        E: Readable,
        F: Readable,
        G: Readable,
        H: Readable,
        I: Readable,
        J: Readable,
    > Readable
    for HCons<A, HCons<B, HCons<E, HCons<F, HCons<G, HCons<H, HCons<I, HCons<J, HNil>>>>>>>>
{
    type Out = (
        A::Out,
        B::Out,
        E::Out,
        F::Out,
        G::Out,
        H::Out,
        I::Out,
        J::Out,
    );
}

// Nine or more entries: the first eight, then the rest.
impl<
        A: Readable,
        B: Readable,
        E: Readable,
        F: Readable,
        G: Readable,
        H: Readable,
        I: Readable,
        J: Readable,
        K,
        T,
    > Readable
    for HCons<A, HCons<B, HCons<E, HCons<F, HCons<G, HCons<H, HCons<I, HCons<J, HCons<K, T>>>>>>>>>
where
    HCons<K, T>: Readable,
{
    type Out = (
        A::Out,
        B::Out,
        E::Out,
        F::Out,
        G::Out,
        H::Out,
        I::Out,
        J::Out,
        More<ReadableOf<HCons<K, T>>>,
    );
}

/// A layout `S:D` in an error message. Its own name, unique in the crate
/// graph, prints without a path, where `Layout` shares its name with the
/// runtime's and `core::alloc::Layout` and would print in full.
#[derive(Debug, Default)]
pub struct ShapeStride<S, D>(PhantomData<(S, D)>);

impl<S: Readable, D: Readable> Readable for Layout<S, D> {
    type Out = ShapeStride<S::Out, D::Out>;
}

impl<T: Readable> Readable for Tile<T> {
    type Out = Tile<T::Out>;
}

// Run-time coordinate entries and `_` show as themselves.
macro_rules! shown_as_itself {
    ($($t:ty),*) => {$(
        impl Readable for $t {
            type Out = $t;
        }
    )*};
}
shown_as_itself!(usize, u32, i64, i32, crate::typelevel::eval::Underscore);
