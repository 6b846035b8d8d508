use layout_algebra::runtime::*;
#[test]
fn one() {
    println!("R {}", Layout::column_major(&IntTuple::leaf(1)).unwrap());
    println!(
        "R {}",
        Tiler::from_shape(&IntTuple::parse_shape("(1,4)")).unwrap()
    );
    let a: Layout = "(5,8):(1,5)".parse().unwrap();
    let t = Tiler::parse("<1, 1:3>").unwrap();
    println!("R {t}");
    println!("R {}", logical_divide(&a, &t).unwrap());
    println!(
        "R {}",
        composition(
            &"5:1".parse::<Layout>().unwrap(),
            &"(1,5):(0,1)".parse::<Layout>().unwrap()
        )
        .unwrap()
    );
    println!(
        "R {}",
        complement(&"1:0".parse::<Layout>().unwrap(), &IntTuple::leaf(5)).unwrap()
    );
}
