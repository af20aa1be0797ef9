//! A sentence the pages word: the engine names what it says (a grading's hint or explanation) by a
//! key of the catalogues with its arguments, never in words of its own, so that every language
//! is the catalogues' (`www/i18n/classroom/<tag>.js`, worded by `www/classroom/course-words.js`).

use crate::course::trace::Reason;

/// One sentence of the grading: the case it names, the sentence's key and its arguments. A page
/// words it from its catalogue's text `grading.<key>` in its language, each `{name}` filled from
/// the argument of that name, then says the note after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The case. Explanations: `max`, `min`, `max-cut`, `min-cut`, `negamax`, `negamax-cut`,
    /// `pass-limit`, `maxn`, `not-visited`, `no-answer`, `unreadable`, `not-evaluated`,
    /// `evaluated`, `window`, `window-not-visited`, `path`, `leaves`. Hints: `blank`,
    /// `unreadable`, `not-visited`, `visited-claim`, `bound-as-exact`, `exact-as-bound`,
    /// `bound-direction`, `negamax-sign`, `wrong`, `evaluated-marked`, `missed-cut`,
    /// `window-swapped`, `window-sign`, `window`, `path`, `leaves`. Parts of a sentence: `part`.
    pub code: &'static str,
    /// The sentence: `grading.<key>` in the catalogues.
    pub key: &'static str,
    /// Its arguments by name, in the order they are given.
    pub args: Vec<(&'static str, Arg)>,
    /// A sentence said right after it (why a cut-off happened on equality), or none.
    pub note: Option<Box<Explanation>>,
}

/// An argument of a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// Put in as it is: a label, a number, a bound, what the student wrote.
    Text(String),
    /// Another sentence (a part worded in each language, such as "largest" or a window).
    Sentence(Box<Explanation>),
    /// Items said as the language lists them ("a, b and c").
    List(Vec<String>),
    /// An ordinal number, written as the language writes it (1st, 1º).
    Ordinal(usize),
    /// A cut-off's reason (the catalogues' `reason.<key>`).
    Reason(Reason),
}

impl Explanation {
    /// The argument named `name`, if given.
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, a)| a)
    }

    /// Every text the sentence puts in (its arguments', its parts' and its note's, a reason's
    /// numbers and names): what a test reads to check that a hint gives nothing away.
    pub fn texts(&self) -> Vec<String> {
        let mut all = Vec::new();
        for (_, arg) in &self.args {
            match arg {
                Arg::Text(t) => all.push(t.clone()),
                Arg::Sentence(e) => all.extend(e.texts()),
                Arg::List(items) => all.extend(items.iter().cloned()),
                Arg::Ordinal(k) => all.push(k.to_string()),
                Arg::Reason(r) => {
                    all.extend(r.args.iter().map(|(_, t)| t.clone()));
                    all.extend(r.skipped.iter().cloned());
                }
            }
        }
        if let Some(n) = &self.note {
            all.extend(n.texts());
        }
        all
    }
}

/// A sentence of the case `code`: the catalogues' `grading.<key>` with these arguments.
pub(crate) fn says(code: &'static str, key: &'static str, args: Vec<(&'static str, Arg)>) -> Explanation {
    Explanation { code, key, args, note: None }
}

/// A part of a sentence worded in each language (`grading.<key>`), as an argument.
pub(crate) fn part(key: &'static str, args: Vec<(&'static str, Arg)>) -> Arg {
    Arg::Sentence(Box::new(says("part", key, args)))
}

/// An argument put in as it is.
pub(crate) fn plain(t: impl Into<String>) -> Arg {
    Arg::Text(t.into())
}

/// An explanation with a note said after it.
pub(crate) fn with_note(mut e: Explanation, note: Option<Explanation>) -> Explanation {
    e.note = note.map(Box::new);
    e
}
