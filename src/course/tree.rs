//! Explicit game trees written as text, for the classroom: the lecture tree of seed 001, the
//! pruning example of seed 004, the max^n example of seed 003, or any tree a teacher types.
//!
//! ```text
//! tree     := [ "max" | "min" ] node        who moves at the root; default max (max^n: player 1)
//! node     := [ label ] "(" node { " " node } ")"      an inner node and its children, in order
//!           | [ label ":" ] value                      a leaf
//! value    := integer | "(" integer { "," integer } ")"  a vector: one utility per player, max^n
//! label    := a letter followed by letters or digits
//! ```
//!
//! Levels alternate MAX and MIN (max^n: players 1, 2, …, n in turn; n = the vectors' length).
//! Whitespace is free; a list with a comma at its top level is a vector, otherwise a list of
//! children. Unlabelled nodes get generated labels (`n1`, `n2`, … in depth-first order, skipping
//! any label the text uses). Bad text gets an error naming the line, the column and what was
//! expected; nesting depth and size are bounded so that no input can exhaust the stack.

use crate::course::game::{Game, MultiplayerGame, Side, Traceable, Value};
use std::collections::HashSet;
use std::fmt;

/// Deepest nesting accepted (a tree this deep is already far beyond what a lesson can show).
pub const MAX_DEPTH: usize = 64;
/// Most nodes accepted in one tree.
pub const MAX_NODES: usize = 20_000;
/// Longest text accepted, in characters.
pub const MAX_TEXT: usize = 200_000;
/// Most players of a max^n tree.
pub const MAX_PLAYERS: usize = 8;
/// Leaf values lie within ±this (so that negating one never overflows).
pub const MAX_VALUE: i64 = 1_000_000_000;

/// One node of a tree. Node 0 is the root; children follow their parent in depth-first order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    pub label: String,
    /// Whether the label was generated (then the text leaves it out).
    pub generated: bool,
    pub children: Vec<usize>,
    /// The value of a leaf; `None` for inner nodes.
    pub value: Option<Value>,
    pub depth: usize,
}

/// A parsed tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    /// Who moves at the root (always MAX for max^n trees).
    pub root_side: Side,
    /// Every node, the root first, in depth-first order.
    pub nodes: Vec<TreeNode>,
    /// 2 for scalar trees, the vectors' length for max^n trees.
    pub players: usize,
}

/// What is wrong with a tree text, and where (1-based line and column, in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for TreeError {}

/// Errors of operations on a parsed tree (no position in a text to name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditError(pub String);

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EditError {}

/// A node as read, before labels are generated.
struct Parsed {
    label: Option<(String, usize)>,
    kind: ParsedKind,
    at: usize,
}

enum ParsedKind {
    Inner(Vec<Parsed>),
    Leaf(Value),
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
    nodes: usize,
}

fn is_label_start(c: char) -> bool {
    c.is_alphabetic()
}

fn is_label_char(c: char) -> bool {
    c.is_alphanumeric()
}

impl Parser {
    fn error_at(&self, at: usize, message: impl Into<String>) -> TreeError {
        let (mut line, mut column) = (1, 1);
        for &c in &self.chars[..at.min(self.chars.len())] {
            if c == '\n' {
                line += 1;
                column = 1;
            } else {
                column += 1;
            }
        }
        TreeError { line, column, message: message.into() }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn describe(&self) -> String {
        match self.peek() {
            None => "the end of the text".to_string(),
            Some(c) => format!("'{c}'"),
        }
    }

    fn word(&mut self) -> String {
        let start = self.pos;
        while self.peek().is_some_and(is_label_char) {
            self.pos += 1;
        }
        self.chars[start..self.pos].iter().collect()
    }

    fn integer(&mut self, what: &str) -> Result<i32, TreeError> {
        let start = self.pos;
        if matches!(self.peek(), Some('-' | '+' | '−')) {
            self.pos += 1;
        }
        let digits_start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == digits_start {
            self.pos = start;
            return Err(self.error_at(start, format!("expected {what}, found {}", self.describe())));
        }
        let text: String = self.chars[start..self.pos].iter().map(|&c| if c == '−' { '-' } else { c }).collect();
        match text.parse::<i64>() {
            Ok(v) if v.abs() <= MAX_VALUE => Ok(v as i32),
            _ => Err(self.error_at(start, format!("the value {text} is too large (at most ±{MAX_VALUE})"))),
        }
        .and_then(|v| {
            if self.peek().is_some_and(is_label_char) {
                Err(self.error_at(
                    self.pos,
                    format!("a number is followed by {}: labels start with a letter", self.describe()),
                ))
            } else {
                Ok(v)
            }
        })
    }

    fn count_node(&mut self, at: usize) -> Result<(), TreeError> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(self.error_at(at, format!("the tree has more than {MAX_NODES} nodes")));
        }
        Ok(())
    }

    /// node := [label] "(" node {node} ")" | [label ":"] value
    fn node(&mut self, depth: usize) -> Result<Parsed, TreeError> {
        self.skip_space();
        let at = self.pos;
        self.count_node(at)?;
        let label = match self.peek() {
            Some(c) if is_label_start(c) => Some((self.word(), at)),
            _ => None,
        };
        if let Some((name, _)) = &label {
            self.skip_space();
            match self.peek() {
                Some(':') => {
                    self.pos += 1;
                    self.skip_space();
                    let value = self.value(depth, &format!("a value after '{name}:'"))?;
                    return Ok(Parsed { label, kind: ParsedKind::Leaf(value), at });
                }
                Some('(') => {
                    let children = self.children(depth)?;
                    return Ok(Parsed { label, kind: ParsedKind::Inner(children), at });
                }
                _ => {
                    return Err(self.error_at(
                        self.pos,
                        format!(
                            "expected ':' and a value, or '(' and children, after the label '{name}', found {}",
                            self.describe()
                        ),
                    ))
                }
            }
        }
        match self.peek() {
            Some('(') => self.list(depth, at),
            Some(c) if c.is_ascii_digit() || c == '-' || c == '+' || c == '−' => {
                Ok(Parsed { label: None, kind: ParsedKind::Leaf(Value::Scalar(self.integer("a number")?)), at })
            }
            _ => {
                Err(self.error_at(at, format!("expected a node (a label, a number or '('), found {}", self.describe())))
            }
        }
    }

    fn enter(&self, depth: usize, at: usize) -> Result<(), TreeError> {
        if depth >= MAX_DEPTH {
            return Err(self.error_at(at, format!("the tree is nested more than {MAX_DEPTH} levels deep")));
        }
        Ok(())
    }

    /// A value after `label:`: an integer or a vector.
    fn value(&mut self, depth: usize, what: &str) -> Result<Value, TreeError> {
        if self.peek() == Some('(') {
            let at = self.pos;
            self.enter(depth, at)?;
            self.pos += 1;
            self.skip_space();
            let first = self.integer("the first number of a vector")?;
            self.skip_space();
            if self.peek() != Some(',') {
                return Err(self.error_at(self.pos, format!("expected ',' in a vector, found {}", self.describe())));
            }
            self.vector_rest(vec![first], at)
        } else {
            Ok(Value::Scalar(self.integer(what)?))
        }
    }

    /// After "(" integer, at a ",": the rest of a vector.
    fn vector_rest(&mut self, mut values: Vec<i32>, open: usize) -> Result<Value, TreeError> {
        loop {
            self.skip_space();
            match self.peek() {
                Some(',') => {
                    self.pos += 1;
                    self.skip_space();
                    values.push(self.integer("a number after ','")?);
                    if values.len() > MAX_PLAYERS {
                        return Err(self.error_at(open, format!("a vector has more than {MAX_PLAYERS} values")));
                    }
                }
                Some(')') => {
                    self.pos += 1;
                    return Ok(Value::Vector(values));
                }
                None => return Err(self.unclosed(open)),
                _ => {
                    return Err(
                        self.error_at(self.pos, format!("expected ',' or ')' in a vector, found {}", self.describe()))
                    )
                }
            }
        }
    }

    fn unclosed(&self, open: usize) -> TreeError {
        let opened = self.error_at(open, "");
        self.error_at(
            self.pos,
            format!(
                "expected ')' to close the '(' of line {}, column {}, found the end of the text",
                opened.line, opened.column
            ),
        )
    }

    /// An unlabelled "(": a vector if a comma follows its first number, else a list of children.
    fn list(&mut self, depth: usize, open: usize) -> Result<Parsed, TreeError> {
        self.enter(depth, open)?;
        self.pos += 1;
        self.skip_space();
        let first = self.node(depth + 1)?;
        self.skip_space();
        if self.peek() == Some(',') {
            return match first {
                Parsed { label: None, kind: ParsedKind::Leaf(Value::Scalar(v)), .. } => {
                    self.nodes -= 1; // the number was a vector component, not a node
                    Ok(Parsed { label: None, kind: ParsedKind::Leaf(self.vector_rest(vec![v], open)?), at: open })
                }
                _ => {
                    Err(self
                        .error_at(self.pos, "a vector holds numbers only: ',' after a node that is not a plain number"))
                }
            };
        }
        let mut children = vec![first];
        self.rest_of_children(depth, open, &mut children)?;
        Ok(Parsed { label: None, kind: ParsedKind::Inner(children), at: open })
    }

    /// A labelled inner node's "(" children ")".
    fn children(&mut self, depth: usize) -> Result<Vec<Parsed>, TreeError> {
        let open = self.pos;
        self.enter(depth, open)?;
        self.pos += 1;
        let mut children = Vec::new();
        self.rest_of_children(depth, open, &mut children)?;
        Ok(children)
    }

    fn rest_of_children(&mut self, depth: usize, open: usize, children: &mut Vec<Parsed>) -> Result<(), TreeError> {
        loop {
            self.skip_space();
            match self.peek() {
                Some(')') => {
                    if children.is_empty() {
                        return Err(self.error_at(self.pos, "expected a child: an inner node needs at least one"));
                    }
                    self.pos += 1;
                    return Ok(());
                }
                Some(',') => {
                    return Err(self.error_at(
                        self.pos,
                        "',' in a list of children (children are separated by spaces; a vector holds numbers only, like (1,2,6))",
                    ))
                }
                None => return Err(self.unclosed(open)),
                _ => children.push(self.node(depth + 1)?),
            }
        }
    }
}

impl Tree {
    /// Reads a tree in the text format (see the module documentation).
    ///
    /// ```
    /// use reversi::course::tree::Tree;
    /// let t = Tree::parse("max a(b(d(h:1 i:4) e(j:5 l:6)) c(f(m:2 n:1) g(o:1 p:1)))").unwrap();
    /// assert_eq!(t.nodes.len(), 15);
    /// assert_eq!(Tree::parse("max a(b:1").unwrap_err().to_string(),
    ///     "line 1, column 10: expected ')' to close the '(' of line 1, column 6, found the end of the text");
    /// ```
    pub fn parse(text: &str) -> Result<Tree, TreeError> {
        let mut parser = Parser { chars: text.chars().take(MAX_TEXT + 1).collect(), pos: 0, nodes: 0 };
        if parser.chars.len() > MAX_TEXT {
            return Err(parser.error_at(MAX_TEXT, format!("the text is longer than {MAX_TEXT} characters")));
        }
        parser.skip_space();
        if parser.peek().is_none() {
            return Err(parser.error_at(parser.pos, "the text is empty: expected a tree such as max a(b:1 c:2)"));
        }
        // The optional "max"/"min" prefix: a word of its own, not a label (no ':' or '(' after it
        // would make it one, e.g. "max:3" is a one-leaf tree labelled max).
        let mut root_side = Side::Max;
        let mut side_at = None;
        let save = parser.pos;
        if parser.peek().is_some_and(is_label_start) {
            let word = parser.word();
            parser.skip_space();
            let keyword = match word.to_ascii_lowercase().as_str() {
                "max" => Some(Side::Max),
                "min" => Some(Side::Min),
                _ => None,
            };
            match keyword {
                // "max a(…)", "max (…)" and "max(…)" all name the root's side.
                Some(side) if parser.peek() != Some(':') => {
                    root_side = side;
                    side_at = Some(save);
                }
                _ => parser.pos = save,
            }
        }
        let root = parser.node(0)?;
        parser.skip_space();
        if parser.pos < parser.chars.len() {
            let message = if parser.peek() == Some(')') {
                "')' closes nothing: there are more ')' than '('".to_string()
            } else {
                format!("unexpected {} after the end of the tree (a tree has a single root)", parser.describe())
            };
            return Err(parser.error_at(parser.pos, message));
        }
        let mut tree = Tree { root_side, nodes: Vec::new(), players: 2 };
        let mut used = HashSet::new();
        let mut first_leaf: Option<(Value, usize)> = None;
        check(&parser, &root, &mut used, &mut first_leaf)?;
        if let Some((Value::Vector(v), _)) = &first_leaf {
            tree.players = v.len();
            if let (Side::Min, Some(at)) = (root_side, side_at) {
                return Err(parser
                    .error_at(at, "a max^n tree has no MIN: player 1 moves at the root (write no prefix, or max)"));
            }
        }
        let mut counter = 0;
        flatten(&root, 0, &mut tree.nodes, &used, &mut counter);
        Ok(tree)
    }

    /// Writes the tree back as text: `parse(write(t)) == t`. Generated labels are left out (the
    /// same ones are generated again), so a tree typed without labels stays short.
    ///
    /// ```
    /// use reversi::course::tree::Tree;
    /// let t = Tree::parse("min (x(12 7 18)   y(25 A:3 B:40))").unwrap();
    /// assert_eq!(t.write(), "min (x(12 7 18) y(25 A:3 B:40))");
    /// ```
    pub fn write(&self) -> String {
        let mut out = String::new();
        let root = &self.nodes[0];
        let ambiguous = !root.generated && matches!(root.label.to_ascii_lowercase().as_str(), "max" | "min");
        if self.players == 2 || ambiguous {
            out.push_str(match self.root_side {
                Side::Max => "max ",
                Side::Min => "min ",
            });
        }
        self.write_node(0, &mut out);
        out
    }

    fn write_node(&self, id: usize, out: &mut String) {
        let node = &self.nodes[id];
        if !node.generated {
            out.push_str(&node.label);
        }
        match &node.value {
            Some(value) => {
                if !node.generated {
                    out.push(':');
                }
                match value {
                    Value::Scalar(v) => out.push_str(&v.to_string()),
                    Value::Vector(vs) => {
                        let parts: Vec<String> = vs.iter().map(|v| v.to_string()).collect();
                        out.push('(');
                        out.push_str(&parts.join(","));
                        out.push(')');
                    }
                }
            }
            None => {
                out.push('(');
                for (i, &child) in node.children.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    self.write_node(child, out);
                }
                out.push(')');
            }
        }
    }

    /// Whether the leaves hold vectors (a max^n tree).
    pub fn is_vector(&self) -> bool {
        self.nodes.iter().any(|n| matches!(n.value, Some(Value::Vector(_))))
    }

    /// The node with this label.
    pub fn find(&self, label: &str) -> Option<usize> {
        self.nodes.iter().position(|n| n.label == label)
    }

    /// The inner node labelled `label`, as an exercise's answer names it: a leaf's value is given,
    /// and a label of no node is an error.
    pub fn answer_node(&self, label: &str) -> Result<usize, String> {
        let label = label.trim();
        let id = self.find(label).ok_or_else(|| format!("no node is labelled '{label}'"))?;
        if self.nodes[id].value.is_some() {
            return Err(format!("'{label}' is a leaf: its value is given, only inner nodes are answers"));
        }
        Ok(id)
    }

    /// The node labelled `label`, leaf or not (a label of no node is an error).
    pub fn node_labelled(&self, label: &str) -> Result<usize, String> {
        let label = label.trim();
        self.find(label).ok_or_else(|| format!("no node is labelled '{label}'"))
    }

    /// Who moves at `node` in a two-player tree (levels alternate from the root's side).
    pub fn side_at(&self, node: usize) -> Side {
        if self.nodes[node].depth.is_multiple_of(2) {
            self.root_side
        } else {
            self.root_side.opposite()
        }
    }

    /// The same tree with the leaf `label` given `value` (`7`, or `(1,2,3)` in a max^n tree).
    ///
    /// ```
    /// use reversi::course::tree::Tree;
    /// let t = Tree::parse("max (b:1 c:2)").unwrap().with_leaf("b", "7").unwrap();
    /// assert_eq!(t.write(), "max (b:7 c:2)");
    /// ```
    pub fn with_leaf(&self, label: &str, value: &str) -> Result<Tree, EditError> {
        let id = self.find(label).ok_or_else(|| EditError(format!("no node is labelled '{label}'")))?;
        if self.nodes[id].value.is_none() {
            return Err(EditError(format!("'{label}' is an inner node, not a leaf: only leaves have values")));
        }
        let mut parser = Parser { chars: value.trim().chars().take(200).collect(), pos: 0, nodes: 0 };
        let parsed = parser.value(0, "a number such as 7 or a vector such as (1,2,3)").and_then(|v| {
            parser.skip_space();
            if parser.pos < parser.chars.len() {
                Err(parser.error_at(parser.pos, format!("unexpected {} after the value", parser.describe())))
            } else {
                Ok(v)
            }
        });
        let parsed =
            parsed.map_err(|e| EditError(format!("value for '{label}', column {}: {}", e.column, e.message)))?;
        let n = self.players;
        match (&parsed, self.is_vector()) {
            (Value::Scalar(_), false) => {}
            (Value::Vector(v), true) if v.len() == n => {}
            (Value::Vector(v), true) => {
                return Err(EditError(format!(
                    "value for '{label}': this tree's vectors have {n} values, not {}",
                    v.len()
                )))
            }
            (Value::Vector(_), false) => {
                return Err(EditError(format!("value for '{label}': this tree holds numbers, not vectors")))
            }
            (Value::Scalar(_), true) => {
                return Err(EditError(format!("value for '{label}': this max^n tree needs a vector of {n} values")))
            }
        }
        let mut tree = self.clone();
        tree.nodes[id].value = Some(parsed);
        Ok(tree)
    }
}

/// Checks what a parsed tree must satisfy beyond the grammar: unique labels, and leaves all
/// numbers or all vectors of one length.
fn check(
    parser: &Parser,
    node: &Parsed,
    used: &mut HashSet<String>,
    first_leaf: &mut Option<(Value, usize)>,
) -> Result<(), TreeError> {
    if let Some((label, at)) = &node.label {
        if !used.insert(label.clone()) {
            return Err(parser.error_at(*at, format!("the label '{label}' is used twice: labels name one node each")));
        }
    }
    match &node.kind {
        ParsedKind::Inner(children) => {
            for child in children {
                check(parser, child, used, first_leaf)?;
            }
        }
        ParsedKind::Leaf(value) => match first_leaf {
            None => *first_leaf = Some((value.clone(), node.at)),
            Some((first, first_at)) => {
                let kind = |v: &Value| match v {
                    Value::Scalar(_) => "a number".to_string(),
                    Value::Vector(vs) => format!("a vector of {} values", vs.len()),
                };
                if kind(first) != kind(value) {
                    let p = parser.error_at(*first_at, "");
                    return Err(parser.error_at(
                        node.at,
                        format!(
                            "this leaf is {} but the first leaf (line {}, column {}) is {}: all leaves must be alike",
                            kind(value),
                            p.line,
                            p.column,
                            kind(first)
                        ),
                    ));
                }
            }
        },
    }
    Ok(())
}

fn flatten(node: &Parsed, depth: usize, out: &mut Vec<TreeNode>, used: &HashSet<String>, counter: &mut usize) -> usize {
    let id = out.len();
    let (label, generated) = match &node.label {
        Some((label, _)) => (label.clone(), false),
        None => loop {
            *counter += 1;
            let candidate = format!("n{counter}");
            if !used.contains(&candidate) {
                break (candidate, true);
            }
        },
    };
    out.push(TreeNode { label, generated, children: Vec::new(), value: None, depth });
    match &node.kind {
        ParsedKind::Leaf(value) => out[id].value = Some(value.clone()),
        ParsedKind::Inner(children) => {
            for child in children {
                let c = flatten(child, depth + 1, out, used, counter);
                out[id].children.push(c);
            }
        }
    }
    id
}

/// A two-player tree as a [`Game`]: positions are node numbers, moves are the children's numbers.
/// Leaf values are written from MAX's view; the game gives them from the side to move's view.
#[derive(Clone, Copy)]
pub struct ScalarTree<'a>(pub &'a Tree);

impl Game for ScalarTree<'_> {
    type Position = usize;
    type Move = usize;
    type Moves = std::vec::IntoIter<usize>;

    fn moves(&self, node: &usize) -> Self::Moves {
        self.0.nodes[*node].children.clone().into_iter()
    }

    fn play(&self, _node: &usize, child: usize) -> usize {
        child
    }

    fn evaluate(&self, node: &usize) -> i32 {
        match self.0.nodes[*node].value {
            Some(Value::Scalar(v)) => self.0.side_at(*node).sign() * v,
            // Inner nodes have no static value: searches only evaluate nodes without children.
            _ => 0,
        }
    }

    /// A tree is searched to its leaves, however deep.
    fn deep_enough(&self, _node: &usize, _depth_remaining: u32) -> bool {
        false
    }
}

impl Traceable for ScalarTree<'_> {
    fn root_side(&self, _root: &usize) -> Side {
        self.0.root_side
    }

    fn label(&self, node: &usize) -> Option<String> {
        Some(self.0.nodes[*node].label.clone())
    }

    fn move_name(&self, _node: &usize, child: usize) -> String {
        self.0.nodes[child].label.clone()
    }
}

/// A max^n tree as a [`MultiplayerGame`].
#[derive(Clone, Copy)]
pub struct VectorTree<'a>(pub &'a Tree);

impl MultiplayerGame for VectorTree<'_> {
    type Position = usize;
    type Move = usize;

    fn players(&self) -> usize {
        self.0.players
    }

    fn moves(&self, node: &usize) -> Vec<usize> {
        self.0.nodes[*node].children.clone()
    }

    fn play(&self, _node: &usize, child: usize) -> usize {
        child
    }

    fn utilities(&self, node: &usize) -> Vec<i32> {
        match &self.0.nodes[*node].value {
            Some(Value::Vector(v)) => v.clone(),
            _ => vec![0; self.0.players],
        }
    }

    fn deep_enough(&self, _node: &usize, _depth_remaining: u32) -> bool {
        false
    }

    fn label(&self, node: &usize) -> Option<String> {
        Some(self.0.nodes[*node].label.clone())
    }

    fn move_name(&self, _node: &usize, child: usize) -> String {
        self.0.nodes[child].label.clone()
    }
}
