//! `--banks` and `--pick-swizzle`: the bank-conflict model of
//! `layout_algebra::runtime::banks` on a shared-memory tile, per instruction.

use crate::json;
use layout_algebra::calc::{evaluate_layout, smem_tile};
use layout_algebra::runtime::banks::{bank_conflicts, pick_swizzle, SmemOp, SmemTile, Wavefronts};
use layout_algebra::runtime::budget::{with_point_budget, MAX_POINTS};
use layout_algebra::runtime::{ComposedLayout, ErrorKind, Layout, LayoutError};
use std::fmt::Write;

/// The flags of both questions, as given (each at most once).
#[derive(Default)]
pub struct BankFlags {
    banks: Option<String>,
    pick: Option<String>,
    elem_bytes: Option<String>,
    access: Option<String>,
    vec_bytes: Option<String>,
    op: Option<String>,
    writer: Option<String>,
    reader: Option<String>,
    writer_vec_bytes: Option<String>,
    reader_vec_bytes: Option<String>,
}

/// The flags this module reads; each takes a value.
pub const FLAGS: [&str; 10] = [
    "--banks",
    "--pick-swizzle",
    "--elem-bytes",
    "--access",
    "--vec-bytes",
    "--op",
    "--writer",
    "--reader",
    "--writer-vec-bytes",
    "--reader-vec-bytes",
];

/// One shared-memory access: a thread-value layout (as written), the bytes
/// each thread moves per instruction, and the direction.
pub struct Side {
    tv: String,
    vec_bytes: u32,
    op: SmemOp,
}

/// What the command line asks: the cost of one access, or a swizzle for two.
pub enum Question {
    /// `--banks SMEM --access TV`.
    Banks {
        smem: String,
        elem_bytes: u32,
        access: Side,
    },
    /// `--pick-swizzle SMEM --writer TV --reader TV`.
    Pick {
        smem: String,
        elem_bytes: u32,
        writer: Side,
        reader: Side,
    },
}

/// A count of bytes given on the command line: a positive integer.
fn bytes(flag: &str, v: &str) -> Result<u32, String> {
    match v.parse::<u32>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!(
            "{flag} needs a positive number of bytes, found '{v}'"
        )),
    }
}

impl BankFlags {
    /// Record `flag value` (`flag` is one of [`FLAGS`]).
    pub fn set(&mut self, flag: &str, value: String) -> Result<(), String> {
        let slot = match flag {
            "--banks" => &mut self.banks,
            "--pick-swizzle" => &mut self.pick,
            "--elem-bytes" => &mut self.elem_bytes,
            "--access" => &mut self.access,
            "--vec-bytes" => &mut self.vec_bytes,
            "--op" => &mut self.op,
            "--writer" => &mut self.writer,
            "--reader" => &mut self.reader,
            "--writer-vec-bytes" => &mut self.writer_vec_bytes,
            _ => &mut self.reader_vec_bytes,
        };
        if slot.replace(value).is_some() {
            return Err(format!("{flag} given twice"));
        }
        Ok(())
    }

    /// The flags other than `--banks` and `--pick-swizzle`, by name.
    fn secondary(&self) -> [(&'static str, &Option<String>); 8] {
        [
            ("--elem-bytes", &self.elem_bytes),
            ("--access", &self.access),
            ("--vec-bytes", &self.vec_bytes),
            ("--op", &self.op),
            ("--writer", &self.writer),
            ("--reader", &self.reader),
            ("--writer-vec-bytes", &self.writer_vec_bytes),
            ("--reader-vec-bytes", &self.reader_vec_bytes),
        ]
    }

    /// The question asked, `None` if neither `--banks` nor `--pick-swizzle`
    /// is given (then no other flag of this module may be).
    pub fn question(mut self) -> Result<Option<Question>, String> {
        let need = |v: Option<String>, flag: &str, what: &str| {
            v.ok_or_else(|| format!("{what} needs {flag} (see --help)"))
        };
        let unused = |given: &[(&Option<String>, &str)], what: &str| match given
            .iter()
            .find(|(v, _)| v.is_some())
        {
            Some((_, flag)) => Err(format!("{flag} does not apply to {what} (see --help)")),
            None => Ok(()),
        };
        let width =
            |v: &Option<String>, flag: &str| v.as_deref().map(|v| bytes(flag, v)).transpose();
        match (self.banks.take(), self.pick.take()) {
            (Some(_), Some(_)) => Err("--banks and --pick-swizzle exclude each other".into()),
            (None, None) => match self.secondary().into_iter().find(|(_, v)| v.is_some()) {
                Some((flag, _)) => Err(format!(
                    "{flag} applies to --banks or --pick-swizzle (see --help)"
                )),
                None => Ok(None),
            },
            (Some(smem), None) => {
                let what = "--banks";
                unused(
                    &[
                        (&self.writer, "--writer"),
                        (&self.reader, "--reader"),
                        (&self.writer_vec_bytes, "--writer-vec-bytes"),
                        (&self.reader_vec_bytes, "--reader-vec-bytes"),
                    ],
                    what,
                )?;
                let elem_bytes = bytes(
                    "--elem-bytes",
                    &need(self.elem_bytes, "--elem-bytes", what)?,
                )?;
                let vec_bytes = bytes("--vec-bytes", &need(self.vec_bytes, "--vec-bytes", what)?)?;
                let op = match self.op.as_deref() {
                    None | Some("ld") => SmemOp::Load,
                    Some("st") => SmemOp::Store,
                    Some(other) => return Err(format!("--op is ld or st, found '{other}'")),
                };
                Ok(Some(Question::Banks {
                    smem,
                    elem_bytes,
                    access: Side {
                        tv: need(self.access, "--access", what)?,
                        vec_bytes,
                        op,
                    },
                }))
            }
            (None, Some(smem)) => {
                let what = "--pick-swizzle";
                unused(&[(&self.access, "--access"), (&self.op, "--op")], what)?;
                let elem_bytes = bytes(
                    "--elem-bytes",
                    &need(self.elem_bytes, "--elem-bytes", what)?,
                )?;
                let both = width(&self.vec_bytes, "--vec-bytes")?;
                let side =
                    |tv: Option<String>, flag: &str, w: Option<u32>, op| -> Result<Side, String> {
                        let vec_bytes = w.or(both).ok_or_else(|| {
                            format!("{what} needs --vec-bytes or {flag}-vec-bytes (see --help)")
                        })?;
                        Ok(Side {
                            tv: need(tv, flag, what)?,
                            vec_bytes,
                            op,
                        })
                    };
                let writer_w = width(&self.writer_vec_bytes, "--writer-vec-bytes")?;
                let reader_w = width(&self.reader_vec_bytes, "--reader-vec-bytes")?;
                Ok(Some(Question::Pick {
                    smem,
                    elem_bytes,
                    writer: side(self.writer, "--writer", writer_w, SmemOp::Store)?,
                    reader: side(self.reader, "--reader", reader_w, SmemOp::Load)?,
                }))
            }
        }
    }
}

/// A failed answer: the error, and the argument text it points into.
pub type Failure = (LayoutError, String);

fn op_name(op: SmemOp) -> &'static str {
    match op {
        SmemOp::Load => "ld",
        SmemOp::Store => "st",
    }
}

/// The thread-value layout of `side`, or the failure pointing into it.
fn tv(side: &Side) -> Result<Layout, Failure> {
    evaluate_layout(&side.tv).map_err(|e| (e, side.tv.clone()))
}

/// The model's cost of every instruction of `side` on `tile`, under the
/// calculator's cost caps.
fn cost(tile: &SmemTile, side: &Side) -> Result<Vec<Wavefronts>, Failure> {
    let tv = tv(side)?;
    with_point_budget(MAX_POINTS, || {
        bank_conflicts(tile, &tv, side.vec_bytes, side.op)
    })
    .map_err(|e| (e, String::new()))
}

/// Totals of a report: wavefronts, ideal, worst degree.
fn totals(r: &[Wavefronts]) -> (u32, u32, u32) {
    r.iter().fold((0, 0, 0), |(w, i, d), x| {
        (w + x.wavefronts, i + x.ideal, d.max(x.degree))
    })
}

fn degree(d: u32) -> String {
    if d <= 1 {
        "conflict-free".into()
    } else {
        format!("{d}-way bank conflict")
    }
}

/// `N wavefronts` (`1 wavefront`).
fn wavefronts(n: u32) -> String {
    format!("{n} wavefront{}", if n == 1 { "" } else { "s" })
}

/// `W wavefronts, ideal I, C bank conflicts, worst D-way`.
fn summary(r: &[Wavefronts]) -> String {
    let (w, i, d) = totals(r);
    let c = w - i;
    format!(
        "{}, ideal {i}, {c} bank conflict{}, worst {d}-way",
        wavefronts(w),
        if c == 1 { "" } else { "s" }
    )
}

/// The JSON object of a report.
fn report_json(out: &mut String, r: &[Wavefronts]) {
    out.push_str("{\"instructions\": [");
    for (k, x) in r.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        let _ = write!(
            out,
            "{{\"wavefronts\": {}, \"ideal\": {}, \"degree\": {}, \"packed\": {}}}",
            x.wavefronts, x.ideal, x.degree, x.packed
        );
    }
    let (w, i, d) = totals(r);
    let _ = write!(
        out,
        "], \"wavefronts\": {w}, \"ideal\": {i}, \"bank_conflicts\": {}, \"degree\": {d}}}",
        w - i
    );
}

/// The heat map of a `--banks` question: for each instruction, the distinct
/// words each bank holds in each phase
/// ([`phase_bank_words`](layout_algebra::runtime::banks::phase_bank_words)); `None` for
/// `--pick-swizzle`.
#[cfg(feature = "serve")]
pub fn heat(q: &Question) -> Result<Option<Vec<Vec<[u32; 32]>>>, Failure> {
    use layout_algebra::runtime::banks::{instruction_addresses, phase_bank_words};
    let Question::Banks {
        smem,
        elem_bytes,
        access,
    } = q
    else {
        return Ok(None);
    };
    let tile = smem_tile(smem, *elem_bytes).map_err(|e| (e, smem.clone()))?;
    let tv = tv(access)?;
    with_point_budget(MAX_POINTS, || {
        instruction_addresses(&tile, &tv, access.vec_bytes)?
            .iter()
            .map(|a| phase_bank_words(a, access.vec_bytes, access.op))
            .collect::<Result<Vec<_>, _>>()
    })
    .map(Some)
    .map_err(|e| (e, String::new()))
}

/// The answer to `q` as the text to print (JSON with `json`).
pub fn answer(q: &Question, json: bool) -> Result<String, Failure> {
    match q {
        Question::Banks {
            smem,
            elem_bytes,
            access,
        } => {
            let tile = smem_tile(smem, *elem_bytes).map_err(|e| (e, smem.clone()))?;
            let r = cost(&tile, access)?;
            let mut out = String::new();
            if json {
                report_json(&mut out, &r);
                return Ok(out);
            }
            for (k, x) in r.iter().enumerate() {
                let packed = if x.packed { ", packed load" } else { "" };
                let _ = writeln!(
                    out,
                    "instruction {k}: {}, ideal {}, {}{packed}",
                    wavefronts(x.wavefronts),
                    x.ideal,
                    degree(x.degree)
                );
            }
            out.push_str(&format!("total: {}", summary(&r)));
            Ok(out)
        }
        Question::Pick {
            smem,
            elem_bytes,
            writer,
            reader,
        } => {
            let tile = smem_tile(smem, *elem_bytes).map_err(|e| (e, smem.clone()))?;
            if let Some(sw) = tile.swizzle.filter(|s| s.bits() > 0) {
                let e = LayoutError::new(
                    ErrorKind::InvalidArgument,
                    "pick_swizzle",
                    format!("the tile already has {sw}; --pick-swizzle chooses the swizzle: give the layout alone (or Sw<0,0,0> o offset o layout)"),
                );
                return Err((e, String::new()));
            }
            let (w, r) = (tv(writer)?, tv(reader)?);
            let picked = with_point_budget(MAX_POINTS, || {
                pick_swizzle(&tile, (&w, writer.vec_bytes), (&r, reader.vec_bytes))
            })
            .map_err(|e| (e, String::new()))?;
            let Some((sw, _)) = picked else {
                let e = LayoutError::new(
                    ErrorKind::Divisibility,
                    "pick_swizzle",
                    "no Sw<B,M,S> of the search (Sw<0,0,0>; 1 <= B <= 5, 0 <= M <= 4, B <= S <= 7) keeps every vector of the writer and the reader contiguous and aligned",
                );
                return Err((e, String::new()));
            };
            let chosen = SmemTile {
                swizzle: Some(sw),
                ..tile
            };
            let shown = ComposedLayout::new(sw, chosen.offset, chosen.layout.clone()).to_string();
            let (wr, rr) = (cost(&chosen, writer)?, cost(&chosen, reader)?);
            let mut out = String::new();
            if json {
                out.push_str("{\"swizzle\": ");
                json::string(&mut out, &sw.to_string());
                out.push_str(", \"layout\": ");
                json::string(&mut out, &shown);
                let c = totals(&wr).0 - totals(&wr).1 + totals(&rr).0 - totals(&rr).1;
                let _ = write!(out, ", \"bank_conflicts\": {c}, \"writer\": ");
                report_json(&mut out, &wr);
                out.push_str(", \"reader\": ");
                report_json(&mut out, &rr);
                out.push('}');
                return Ok(out);
            }
            let _ = writeln!(out, "{shown}");
            for (name, side, r) in [("writer", writer, &wr), ("reader", reader, &rr)] {
                let _ = writeln!(
                    out,
                    "{name} ({}, {} bytes): {}",
                    op_name(side.op),
                    side.vec_bytes,
                    summary(r)
                );
            }
            Ok(out.trim_end().to_string())
        }
    }
}
