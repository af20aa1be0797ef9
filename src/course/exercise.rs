//! Exercises: the students predict, the engine checks.
//!
//! - [`generate`]: a random two-player tree from a seed and a shape (depth 2–5, branching 2–4,
//!   leaf values −20…20), the same on every machine: the generator is the crate's own
//!   [`SplitMix64`], not a crate whose algorithm could change. The page's address carries
//!   `exercise=<seed>&shape=<depth>x<branching>` ([`parse_shape`]).
//! - [`fits_exercise`]: whether a tree is one a student can do on a screen or a sheet of paper
//!   (at most [`MAX_LEAVES`] leaves and [`MAX_EXERCISE_NODES`] nodes); the page offers exercises
//!   only on those, and says so.
//! - Variants ([`variant_seed`], [`tree_variant`], [`student_variant`]): one link, a different
//!   tree for each student, picked by the student's name or number.
//! - [`Ask`] and [`questions`]: what an exercise asks (values, windows, pruned leaves, the path,
//!   the number of leaves evaluated), one question per field, so that the score's denominator is
//!   the same whatever the student leaves blank.
//! - Checking the answers is [`crate::course::grading`] (re-exported here); attempt codes are
//!   [`crate::course::attempt`].

use crate::course::game::Value;
use crate::course::trace::Algorithm;
use crate::course::tree::{Tree, MAX_NODES};
use crate::rng::{mix64, mix_seed, SplitMix64};

pub use crate::course::grading::{
    check, check_asked, judge_scalar, Answers, Explanation, Item, Mistake, Report, Verdict, WindowAnswer,
};

/// The shapes an exercise may have.
pub const DEPTHS: std::ops::RangeInclusive<u32> = 2..=5;
pub const BRANCHINGS: std::ops::RangeInclusive<u32> = 2..=4;
/// Leaf values lie in `-LEAF_RANGE..=LEAF_RANGE`.
pub const LEAF_RANGE: i32 = 20;

/// Reads `<depth>x<branching>`, e.g. `3x2`.
///
/// ```
/// use reversi::course::exercise::parse_shape;
/// assert_eq!(parse_shape("3x2"), Ok((3, 2)));
/// assert!(parse_shape("6x2").unwrap_err().contains("depth"));
/// ```
pub fn parse_shape(text: &str) -> Result<(u32, u32), String> {
    let t = text.trim();
    let (d, b) =
        t.split_once(['x', 'X', '×']).ok_or_else(|| format!("shape '{t}': write <depth>x<branching>, such as 3x2"))?;
    let d: u32 = d.trim().parse().map_err(|_| format!("shape '{t}': the depth '{d}' is not a whole number"))?;
    let b: u32 = b.trim().parse().map_err(|_| format!("shape '{t}': the branching '{b}' is not a whole number"))?;
    check_shape(d, b)?;
    Ok((d, b))
}

fn check_shape(depth: u32, branching: u32) -> Result<(), String> {
    if !DEPTHS.contains(&depth) {
        return Err(format!("exercise depth {depth}: choose {} to {}", DEPTHS.start(), DEPTHS.end()));
    }
    if !BRANCHINGS.contains(&branching) {
        return Err(format!("exercise branching {branching}: choose {} to {}", BRANCHINGS.start(), BRANCHINGS.end()));
    }
    Ok(())
}

/// The labels a, b, … z, aa, ab, …, leaving out `max` and `min` (which the tree format reads as
/// the root's side).
fn labels(count: usize) -> Vec<String> {
    (0usize..)
        .map(|i| {
            let mut n = i + 1;
            let mut s = Vec::new();
            while n > 0 {
                n -= 1;
                s.push(b'a' + (n % 26) as u8);
                n /= 26;
            }
            s.reverse();
            String::from_utf8(s).expect("ascii")
        })
        .filter(|s| s != "max" && s != "min")
        .take(count)
        .collect()
}

/// The exercise tree of `seed` and shape `depth` × `branching`: MAX at the root, every inner node
/// with exactly `branching` children, every leaf at `depth`, each leaf's value drawn in turn from
/// left to right in −20…20. Nodes are labelled level by level, left to right: a (the root), b, c,
/// … z, aa, ab, … (every node, leaves included, so that answers and marks name them).
///
/// ```
/// use reversi::course::exercise::generate;
/// let t = generate(1, 2, 2).unwrap();
/// assert_eq!(t.write(), generate(1, 2, 2).unwrap().write());
/// assert_eq!(t.nodes.len(), 7);
/// ```
pub fn generate(seed: u64, depth: u32, branching: u32) -> Result<Tree, String> {
    check_shape(depth, branching)?;
    let mut rng = SplitMix64(seed);
    let b = branching as usize;
    // The first label number of each level.
    let mut level_start = vec![0usize];
    for level in 0..depth as usize {
        level_start.push(level_start[level] + b.pow(level as u32));
    }
    let total = level_start[depth as usize] + b.pow(depth);
    let labels = labels(total);
    #[allow(clippy::too_many_arguments)]
    fn write(
        level: u32,
        index: usize,
        depth: u32,
        b: usize,
        starts: &[usize],
        labels: &[String],
        rng: &mut SplitMix64,
        out: &mut String,
    ) {
        let name = &labels[starts[level as usize] + index];
        out.push_str(name);
        if level == depth {
            let v = rng.below(2 * LEAF_RANGE as usize + 1) as i32 - LEAF_RANGE;
            out.push(':');
            out.push_str(&v.to_string());
        } else {
            out.push('(');
            for k in 0..b {
                if k > 0 {
                    out.push(' ');
                }
                write(level + 1, index * b + k, depth, b, starts, labels, rng, out);
            }
            out.push(')');
        }
    }
    let mut text = String::from("max ");
    write(0, 0, depth, b, &level_start, &labels, &mut rng, &mut text);
    debug_assert!(total <= MAX_NODES);
    Tree::parse(&text).map_err(|e| format!("internal error, generated tree: {e}"))
}

/// The most leaves an exercise tree has: what a student can work through on one screen at
/// 1024×768 or on one printed page (a random tree of shape 5x2, 3x3 or 2x4 at most).
pub const MAX_LEAVES: usize = 32;
/// The most nodes an exercise tree has.
pub const MAX_EXERCISE_NODES: usize = 64;

/// Whether `tree` is small enough for an exercise; the error says by how much it is not.
///
/// ```
/// use reversi::course::exercise::{fits_exercise, generate};
/// assert!(fits_exercise(&generate(1, 3, 3).unwrap()).is_ok());
/// assert!(fits_exercise(&generate(1, 4, 3).unwrap()).unwrap_err().contains("81 leaves"));
/// ```
pub fn fits_exercise(tree: &Tree) -> Result<(), String> {
    let leaves = tree.nodes.iter().filter(|n| n.value.is_some()).count();
    let nodes = tree.nodes.len();
    if leaves > MAX_LEAVES || nodes > MAX_EXERCISE_NODES {
        return Err(format!(
            "this tree is too large for an exercise: {nodes} nodes and {leaves} leaves, and an exercise has at most \
             {MAX_EXERCISE_NODES} nodes and {MAX_LEAVES} leaves (what a student can do on one screen or one page)"
        ));
    }
    if leaves == nodes {
        return Err("an exercise needs an inner node: this tree is a single leaf".into());
    }
    Ok(())
}

/// Whether a shape gives an exercise tree ([`fits_exercise`]): `branching^depth` leaves at most
/// [`MAX_LEAVES`].
pub fn shape_fits(depth: u32, branching: u32) -> bool {
    check_shape(depth, branching).is_ok()
        && (branching as usize).pow(depth) <= MAX_LEAVES
        && ((branching as usize).pow(depth + 1) - 1) / (branching as usize - 1) <= MAX_EXERCISE_NODES
}

/// The seed of variant `variant` of the random exercise of `seed`: the seed itself for variant
/// 0 (the exercise everyone shares), another for each student's variant.
pub fn variant_seed(seed: u64, variant: u32) -> u64 {
    if variant == 0 {
        seed
    } else {
        mix64(seed ^ mix_seed(u64::from(variant)))
    }
}

/// FNV-1a, 64 bits: a tree text's fingerprint (the variants of a typed tree start from it).
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// Variant `variant` of a typed or built-in tree: the same shape, labels and players, each leaf
/// drawn again between the smallest and the largest leaf value of the tree (per component for
/// max^n vectors), from the tree's text and the variant; variant 0 is the tree itself.
///
/// ```
/// use reversi::course::exercise::tree_variant;
/// use reversi::course::tree::Tree;
/// let t = Tree::parse("max a(b(d:1 e:4) c(f:5 g:6))").unwrap();
/// let v = tree_variant(&t, 7);
/// assert_eq!(v.nodes.len(), t.nodes.len());
/// assert_eq!(v, tree_variant(&t, 7));
/// assert_eq!(tree_variant(&t, 0), t);
/// ```
pub fn tree_variant(tree: &Tree, variant: u32) -> Tree {
    if variant == 0 {
        return tree.clone();
    }
    let width = if tree.is_vector() { tree.players } else { 1 };
    let mut lo = vec![i32::MAX; width];
    let mut hi = vec![i32::MIN; width];
    for n in &tree.nodes {
        let parts: Vec<i32> = match &n.value {
            Some(Value::Scalar(v)) => vec![*v],
            Some(Value::Vector(vs)) => vs.clone(),
            None => continue,
        };
        for (k, v) in parts.into_iter().enumerate().take(width) {
            lo[k] = lo[k].min(v);
            hi[k] = hi[k].max(v);
        }
    }
    let mut rng = SplitMix64(fnv1a(&tree.write()) ^ mix_seed(u64::from(variant)));
    let mut draw = |k: usize| {
        let span = (i64::from(hi[k]) - i64::from(lo[k])) as usize + 1;
        (i64::from(lo[k]) + rng.below(span) as i64) as i32
    };
    let mut out = tree.clone();
    for n in &mut out.nodes {
        n.value = match &n.value {
            Some(Value::Scalar(_)) => Some(Value::Scalar(draw(0))),
            Some(Value::Vector(vs)) => Some(Value::Vector((0..vs.len()).map(&mut draw).collect())),
            None => None,
        };
    }
    out
}

/// The variants a student can get: 1 to 65,535 (0 is the exercise everyone shares).
pub const STUDENT_VARIANTS: u32 = 65_535;

/// A student's name or number as the same text however it is typed: lower case, accents off,
/// one space between words, anything but letters and digits dropped.
fn fold_student(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        let base = match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
            'ç' => 'c',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ñ' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' => 'o',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            'ý' | 'ÿ' => 'y',
            c => c,
        };
        if base.is_alphanumeric() {
            out.push(base);
        } else if !out.is_empty() && !out.ends_with(' ') {
            out.push(' ');
        }
    }
    out.trim_end().to_string()
}

/// The variant a student's name or number picks: 1 to [`STUDENT_VARIANTS`], the same however
/// the name is typed (case, accents, spaces). Two students of a class of 30 share one with a
/// chance under 1 %.
///
/// ```
/// use reversi::course::exercise::student_variant;
/// assert_eq!(student_variant("Ana Conceição"), student_variant("  ana   conceicao "));
/// assert_ne!(student_variant("2023101"), student_variant("2023102"));
/// assert!(student_variant(" - ").is_err());
/// ```
pub fn student_variant(name: &str) -> Result<u32, String> {
    let folded = fold_student(name);
    if folded.is_empty() {
        return Err(format!("'{}': a student's name or number needs a letter or a digit", name.trim()));
    }
    Ok(1 + (mix_seed(fnv1a(&folded)) % u64::from(STUDENT_VARIANTS)) as u32)
}

/// Which windows an exercise asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WindowsAsked {
    None,
    /// The window of the root's last child: every search enters it, with a window its elder
    /// siblings have narrowed.
    LastChild,
    /// The window of every inner node below the root.
    All,
}

/// What an exercise asks. Written in the address as `ask=values,pruned,window` (the tokens
/// `values`, `window` or `windows`, `pruned`, `path`, `leaves`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ask {
    /// Each inner node's number, in the algorithm's view.
    pub values: bool,
    pub windows: WindowsAsked,
    /// For each leaf, whether it is never evaluated.
    pub pruned: bool,
    /// The principal path.
    pub path: bool,
    /// The number of leaves evaluated (ESTÁTICA calls).
    pub leaves: bool,
}

impl Ask {
    /// What an exercise asks when its link does not say: the values, and with a pruning
    /// algorithm the pruned leaves and the window of the root's last child.
    pub fn default_for(algorithm: Algorithm) -> Ask {
        let prunes = algorithm.prunes();
        Ask {
            values: true,
            windows: if prunes { WindowsAsked::LastChild } else { WindowsAsked::None },
            pruned: prunes,
            path: false,
            leaves: false,
        }
    }

    /// Reads `values,pruned,window` (any order; `windows` asks every inner node's window).
    ///
    /// ```
    /// use reversi::course::exercise::Ask;
    /// use reversi::course::trace::Algorithm;
    /// let ask = Ask::parse("values, path,leaves", Algorithm::Minimax).unwrap();
    /// assert_eq!(ask.write(), "values,path,leaves");
    /// assert!(Ask::parse("pruned", Algorithm::Minimax).unwrap_err().contains("prunes nothing"));
    /// ```
    pub fn parse(text: &str, algorithm: Algorithm) -> Result<Ask, String> {
        let mut ask = Ask { values: false, windows: WindowsAsked::None, pruned: false, path: false, leaves: false };
        for token in text.split([',', ' ', '+']).map(str::trim).filter(|t| !t.is_empty()) {
            match token {
                "values" => ask.values = true,
                "window" => ask.windows = WindowsAsked::LastChild,
                "windows" => ask.windows = WindowsAsked::All,
                "pruned" => ask.pruned = true,
                "path" => ask.path = true,
                "leaves" => ask.leaves = true,
                other => {
                    return Err(format!("ask: '{other}' is not one of values, window, windows, pruned, path, leaves"))
                }
            }
        }
        if !algorithm.prunes() && (ask.pruned || ask.windows != WindowsAsked::None) {
            return Err(format!("ask: {algorithm} prunes nothing and has no window: ask values, path or leaves"));
        }
        if !(ask.values || ask.pruned || ask.path || ask.leaves || ask.windows != WindowsAsked::None) {
            return Err("ask: an exercise asks something (values, window, windows, pruned, path or leaves)".into());
        }
        Ok(ask)
    }

    /// The tokens, in a fixed order: `values,window,pruned,path,leaves`.
    pub fn write(&self) -> String {
        let mut tokens = Vec::new();
        if self.values {
            tokens.push("values");
        }
        match self.windows {
            WindowsAsked::None => {}
            WindowsAsked::LastChild => tokens.push("window"),
            WindowsAsked::All => tokens.push("windows"),
        }
        if self.pruned {
            tokens.push("pruned");
        }
        if self.path {
            tokens.push("path");
        }
        if self.leaves {
            tokens.push("leaves");
        }
        tokens.join(",")
    }
}

/// A field of an answer sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// An inner node's number.
    Value,
    /// α of a node's window (Passar-Limite for MINIMAX-A-B and PVS).
    Alpha,
    /// β (Usar-Limite).
    Beta,
    /// A leaf's "never evaluated" mark.
    Pruned,
    /// The principal path.
    Path,
    /// The number of leaves evaluated.
    Leaves,
}

impl Field {
    pub const fn name(self) -> &'static str {
        match self {
            Field::Value => "value",
            Field::Alpha => "alpha",
            Field::Beta => "beta",
            Field::Pruned => "pruned",
            Field::Path => "path",
            Field::Leaves => "leaves",
        }
    }
}

/// One question of an exercise: a field about a node (the root's label for the path and the
/// number of leaves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    pub field: Field,
    pub label: String,
}

/// The questions of an exercise on `tree` with `algorithm`, in the order of the answer sheet:
/// the inner nodes' values (depth-first), the windows, the leaves, the path, the number of
/// leaves. Errors: a tree too large for an exercise, or what `ask` asks does not apply.
pub fn questions(tree: &Tree, algorithm: Algorithm, ask: &Ask) -> Result<Vec<Question>, String> {
    fits_exercise(tree)?;
    if !algorithm.prunes() && (ask.pruned || ask.windows != WindowsAsked::None) {
        return Err(format!("{algorithm} prunes nothing and has no window"));
    }
    let q = |field: Field, id: usize| Question { field, label: tree.nodes[id].label.clone() };
    let inner: Vec<usize> = (0..tree.nodes.len()).filter(|&id| tree.nodes[id].value.is_none()).collect();
    let mut out = Vec::new();
    if ask.values {
        out.extend(inner.iter().map(|&id| q(Field::Value, id)));
    }
    let windowed: Vec<usize> = match ask.windows {
        WindowsAsked::None => Vec::new(),
        WindowsAsked::LastChild => {
            tree.nodes[0].children.last().copied().filter(|&c| tree.nodes[c].value.is_none()).into_iter().collect()
        }
        WindowsAsked::All => inner.iter().copied().filter(|&id| id != 0).collect(),
    };
    for id in windowed {
        out.push(q(Field::Alpha, id));
        out.push(q(Field::Beta, id));
    }
    if ask.pruned {
        out.extend((0..tree.nodes.len()).filter(|&id| tree.nodes[id].value.is_some()).map(|id| q(Field::Pruned, id)));
    }
    if ask.path {
        out.push(q(Field::Path, 0));
    }
    if ask.leaves {
        out.push(q(Field::Leaves, 0));
    }
    Ok(out)
}
