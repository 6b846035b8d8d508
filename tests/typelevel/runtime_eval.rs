//! The runtime layer's outcome for an expression `op(arg, ..)` in CuTe notation:
//! the result layout in CuTe notation, or the name of the violated rule.

use layout_algebra::runtime::*;

fn layout(s: &str) -> Layout {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn split(args: &str) -> Vec<&str> {
    let (mut out, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in args.char_indices() {
        match c {
            '(' | '<' => depth += 1,
            ')' | '>' => depth -= 1,
            ',' if depth == 0 => {
                out.push(args[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(args[start..].trim());
    out
}

fn int(s: &str) -> i64 {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Evaluate `op(a, b)` with the runtime layer.
pub fn eval(expr: &str) -> core::result::Result<String, &'static str> {
    let open = expr.find('(').expect("a call");
    let (op, args) = (&expr[..open], &expr[open + 1..expr.len() - 1]);
    let args = split(args);
    if op == "crd2idx" {
        let (shape, stride) = args[1].split_once(':').expect("a layout S:D");
        let (shape, stride) = (IntTuple::parse_shape(shape), IntTuple::parse_shape(stride));
        return crd2idx(&IntTuple::parse_shape(args[0]), &shape, &stride)
            .map(|i| i.to_string())
            .map_err(|e| e.kind().name());
    }
    if op == "idx2crd" && args.len() == 3 {
        let [shape, stride] = [1, 2].map(|i| IntTuple::parse_shape(args[i]));
        return idx2crd_strided(int(args[0]), &shape, &stride)
            .map(|c| c.to_string())
            .map_err(|e| e.kind().name());
    }
    if op == "idx2crd" {
        let (idx, shape) = (
            IntTuple::parse_shape(args[0]),
            IntTuple::parse_shape(args[1]),
        );
        return idx2crd(&idx, &shape)
            .map(|c| c.to_string())
            .map_err(|e| e.kind().name());
    }
    if op == "prefix_product" {
        return prefix_product(IntTuple::parse_shape(args[0]).as_ref(), 1)
            .map(|p| p.to_string())
            .map_err(|e| e.kind().name());
    }
    if op == "inner_product" {
        let [a, b] = [0, 1].map(|i| IntTuple::parse_shape(args[i]));
        return inner_product(a.as_ref(), b.as_ref())
            .map(|i| i.to_string())
            .map_err(|e| e.kind().name());
    }
    if op == "ceil_div" {
        let [a, b] = [0, 1].map(|i| IntTuple::parse_shape(args[i]));
        return ceil_div(a.as_ref(), b.as_ref())
            .map(|q| q.to_string())
            .map_err(|e| e.kind().name());
    }
    if op == "shape_div" {
        let [a, b] = [0, 1].map(|i| IntTuple::parse_shape(args[i]));
        return shape_div(a.as_ref(), b.as_ref())
            .map(|q| q.to_string())
            .map_err(|e| e.kind().name());
    }
    if op == "elem_scale" {
        let [a, b] = [0, 1].map(|i| IntTuple::parse_shape(args[i]));
        return elem_scale(a.as_ref(), b.as_ref())
            .map(|s| s.to_string())
            .map_err(|e| e.kind().name());
    }
    if op == "crd2crd" {
        let [coord, src, dst] = [0, 1, 2].map(|i| IntTuple::parse_shape(args[i]));
        return crd2crd(&coord, &src, &dst)
            .map(|c| c.to_string())
            .map_err(|e| e.kind().name());
    }
    if op == "make_ordered_layout" {
        let (shape, order) = (
            IntTuple::parse_shape(args[0]),
            IntTuple::parse_shape(args[1]),
        );
        return Layout::ordered(&shape, &order)
            .map(|l| l.to_string())
            .map_err(|e| e.kind().name());
    }
    let a = layout(args[0]);
    let tiler = || Tiler::parse(args[1]).unwrap_or_else(|e| panic!("{}: {e}", args[1]));
    let r = match op {
        "coalesce" if args.len() == 2 => coalesce_profile(&a, &IntTuple::parse_shape(args[1])),
        "coalesce" => coalesce(&a),
        "filter" if args.len() == 2 => filter_profile(&a, &IntTuple::parse_shape(args[1])),
        "composition" => composition(&a, &tiler()),
        "complement" => complement(&a, &IntTuple::parse_shape(args[1])),
        "complement_default" => complement_default(&a),
        "logical_divide" => logical_divide(&a, &tiler()),
        "zipped_divide" => zipped_divide(&a, &tiler()),
        "tiled_divide" => tiled_divide(&a, &tiler()),
        "flat_divide" => flat_divide(&a, &tiler()),
        "logical_product" => logical_product(&a, &tiler()),
        "zipped_product" => zipped_product(&a, &tiler()),
        "tiled_product" => tiled_product(&a, &tiler()),
        "flat_product" => flat_product(&a, &tiler()),
        "blocked_product" => blocked_product(&a, &layout(args[1])),
        "raked_product" => raked_product(&a, &layout(args[1])),
        "right_inverse" => right_inverse(&a),
        "left_inverse" => left_inverse(&a),
        "nullspace" => nullspace(&a),
        "filter" => filter(&a),
        "max_common_layout" => max_common_layout(&a, &layout(args[1])),
        "upcast" => upcast(&a, int(args[1])),
        "downcast" => downcast(&a, int(args[1])),
        "recast_layout" => recast_layout(&a, int(args[1]), int(args[2])),
        "tile_to_shape" => {
            let order = args.get(2).map(|o| IntTuple::parse_shape(o));
            tile_to_shape(&a, &IntTuple::parse_shape(args[1]), order.as_ref())
        }
        "max_common_vector" => {
            return max_common_vector(&a, &layout(args[1]))
                .map(|n| n.to_string())
                .map_err(|e| e.kind().name())
        }
        _ => panic!("unknown operation {op}"),
    };
    r.map(|l| l.to_string()).map_err(|e| e.kind().name())
}
