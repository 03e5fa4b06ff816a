//! Call arguments: positional and named, with checks for unknown and missing ones.

use crate::lang::ast::{Arg, Expr};
use crate::lang::{Diagnostic, Span};

/// The arguments of one call, consumed by the primitive that gives the call its meaning.
pub(crate) struct CallArgs<'a> {
    pub call: &'a str,
    pub span: Span,
    pub positional: Vec<&'a Expr>,
    named: Vec<(&'a str, Span, &'a Expr, bool)>,
}

impl<'a> CallArgs<'a> {
    pub fn new(call: &'a str, span: Span, args: &'a [Arg]) -> CallArgs<'a> {
        let mut positional = Vec::new();
        let mut named = Vec::new();
        for a in args {
            match &a.name {
                Some(n) => named.push((n.node.as_str(), n.span, &a.value, false)),
                None => positional.push(&a.value),
            }
        }
        CallArgs {
            call,
            span,
            positional,
            named,
        }
    }

    /// Takes the named argument `name` if given.
    pub fn named(&mut self, name: &str) -> Option<&'a Expr> {
        let a = self.named.iter_mut().find(|a| a.0 == name)?;
        a.3 = true;
        Some(a.2)
    }

    /// Reports named arguments nobody took, and surplus positional ones.
    pub fn finish(&self, allowed: &[&str], max_positional: usize, diags: &mut Vec<Diagnostic>) {
        for (n, sp, _, used) in &self.named {
            if !used {
                let mut d =
                    Diagnostic::error(*sp, format!("'{}' has no argument named '{n}'", self.call));
                d = if allowed.is_empty() {
                    d.with_hint(format!("'{}' takes no named arguments", self.call))
                } else {
                    let close = crate::lang::diag::closest(n, allowed.iter().copied());
                    match close {
                        Some(c) => d.with_hint(format!("did you mean '{c}'?")),
                        // Amazons' arrow, tried as an argument: it is a part of its own.
                        // The horse's leg, tried on a slide: it belongs to the leap.
                        None if *n == "via" => d.with_hint(format!(
                            "'via' tests the cells a leap passes: 'leap(n + ne, via: empty)'; a slide passes cells that meet 'through'{}",
                            if allowed.contains(&"through") { "" } else { " (and this is not a slide)" }
                        )),
                        None if matches!(*n, "place" | "shoot" | "arrow") => d.with_hint(format!(
                            "to put a new piece a slide away from where this part ends, chain a part: '{}(…) then shoot(arrow, adjacent)'",
                            self.call
                        )),
                        None => {
                            d.with_hint(format!("its named arguments are: {}", allowed.join(", ")))
                        }
                    }
                };
                diags.push(d);
            }
        }
        if self.positional.len() > max_positional {
            let extra = self.positional[max_positional];
            diags.push(Diagnostic::error(
                extra.span,
                format!(
                    "'{}' takes {} positional argument{}, found {}",
                    self.call,
                    max_positional,
                    if max_positional == 1 { "" } else { "s" },
                    self.positional.len()
                ),
            ));
        }
    }
}
