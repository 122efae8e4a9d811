"""How long each function of ours is, in Python and in the pages' JavaScript.

A function's length is its lines from its first (``def``, ``function``, an arrow's parameters, a
method's name) to its last, both counted, blank lines and comments too; a nested function counts in
its own length and in its parent's. ``python -m tests.architecture.lengths`` prints the figures.

The JavaScript is read by a small tokenizer of our own (no parser to install): strings, comments,
regular expressions and template literals are skipped, the code inside a template's ``${...}`` is read
(the pages' htm templates hold arrow functions), and every bracket is matched. A function is a
``function`` (declared or an expression), an arrow (a block body to its ``}``; an expression body to
the ``,``, ``;``, ternary ``:`` or closing bracket that ends it) or a method (``name(...) {`` in a
class or an object). On 2026-12-06 it found the very functions, with the very lengths, that acorn's
parser finds in every page script (632 of them).
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYTHON_FLOORS = ("domain", "store", "projections", "workers", "api", "env")
"""Where our Python lives (the tests are not measured)."""
STATIC = ROOT / "api" / "web" / "static"
VENDORED = STATIC / "vendor"


@dataclass(frozen=True)
class Function:
    """One function: where it starts and how many lines it spans."""

    path: str
    name: str
    line: int
    lines: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line} {self.name} ({self.lines} lines)"


def python_files() -> list[Path]:
    return sorted(p for floor in PYTHON_FLOORS for p in (ROOT / floor).rglob("*.py"))


def js_files() -> list[Path]:
    return sorted(p for p in STATIC.rglob("*.js") if VENDORED not in p.parents)


def python_functions(path: Path) -> Iterator[Function]:
    """Every ``def`` and ``async def`` in ``path``, methods and nested functions too."""
    where = str(path.relative_to(ROOT))
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            end = node.end_lineno or node.lineno
            yield Function(where, node.name, node.lineno, end - node.lineno + 1)


# --- JavaScript -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Token:
    text: str
    line: int
    newline: bool
    """Whether a line break comes before it (for the statements that end without a semicolon)."""


OPENERS = {"(": ")", "[": "]", "{": "}", "${": "}", "`": "`end"}
CLOSERS = {")", "]", "}", "`end"}
WORD = re.compile(r"[A-Za-z_$][\w$]*")
NUMBER = re.compile(r"\d[\w.]*")
PUNCTUATORS = sorted(
    re.split(
        r"\s+",
        "=> ... === !== ?? ?. ** && || == != <= >= += -= *= /= ++ -- << >> ; , . ( ) [ ] { }"
        " + - * / % < > = ! ~ ? : & | ^ @ #",
    ),
    key=len,
    reverse=True,
)
BEFORE_A_REGEX_WORDS = {
    "return",
    "typeof",
    "case",
    "do",
    "else",
    "in",
    "of",
    "new",
    "delete",
    "void",
    "throw",
    "yield",
    "await",
}
NOT_METHODS = {"if", "for", "while", "switch", "catch", "function", "with", "return", "typeof", "await"}
STATEMENT_STARTS = {"const", "let", "var", "function", "export", "import", "class", "if", "for", "while"}


class Tokenizer:
    """The tokens of a script, with the string, comment, regex and template text left out."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.at = 0
        self.line = 1
        self.newline = True
        self.tokens: list[Token] = []
        self.braces: list[str] = []  # "{" for a block or object, "${" for a template's code

    def run(self) -> list[Token]:
        while self.at < len(self.source):
            self._step()
        return self.tokens

    def _emit(self, text: str, line: int | None = None) -> None:
        self.tokens.append(Token(text, self.line if line is None else line, self.newline))
        self.newline = False

    def _advance(self, count: int) -> None:
        chunk = self.source[self.at : self.at + count]
        newlines = chunk.count("\n")
        if newlines:
            self.line += newlines
            self.newline = True
        self.at += count

    def _step(self) -> None:
        source, at = self.source, self.at
        char = source[at]
        if char.isspace():
            self._advance(1)
        elif source.startswith("//", at):
            end = source.find("\n", at)
            self._advance((len(source) if end == -1 else end) - at)
        elif source.startswith("/*", at):
            self._advance(source.index("*/", at + 2) + 2 - at)
        elif char in "'\"":
            self._string(char)
        elif char == "`":
            self._emit("`")
            self._advance(1)
            self._template()
        elif char == "}" and self.braces and self.braces[-1] == "${":
            self.braces.pop()
            self._emit("}")
            self._advance(1)
            self._template()
        elif char == "/" and self._regex_may_start():
            self._regex()
        else:
            self._word_or_punctuator()

    def _string(self, quote: str) -> None:
        line, at = self.line, self.at + 1
        while self.source[at] != quote:
            at += 2 if self.source[at] == "\\" else 1
        self._emit("string", line)
        self._advance(at + 1 - self.at)

    def _template(self) -> None:
        """Skip a template's text, up to its end (emitting the closer) or to a ``${`` (emitting it)."""
        at = self.at
        while True:
            char = self.source[at]
            if char == "\\":
                at += 2
            elif char == "`":
                self._advance(at - self.at)
                self._emit("`end")
                self._advance(1)
                return
            elif self.source.startswith("${", at):
                self._advance(at - self.at)
                self._emit("${")
                self.braces.append("${")
                self._advance(2)
                return
            else:
                at += 1

    def _regex_may_start(self) -> bool:
        if not self.tokens:
            return True
        last = self.tokens[-1].text
        if last in {")", "]", "}", "`end", "string", "regex"} or NUMBER.fullmatch(last):
            return False
        return not WORD.fullmatch(last) or last in BEFORE_A_REGEX_WORDS

    def _regex(self) -> None:
        at, in_class = self.at + 1, False
        while True:
            char = self.source[at]
            if char == "\\":
                at += 2
                continue
            if char == "[":
                in_class = True
            elif char == "]":
                in_class = False
            elif char == "/" and not in_class:
                break
            at += 1
        flags = WORD.match(self.source, at + 1)
        self._emit("regex")
        self._advance((flags.end() if flags else at + 1) - self.at)

    def _word_or_punctuator(self) -> None:
        found = WORD.match(self.source, self.at) or NUMBER.match(self.source, self.at)
        text = (
            found.group()
            if found
            else next((p for p in PUNCTUATORS if self.source.startswith(p, self.at)), self.source[self.at])
        )
        if text == "{":
            self.braces.append("{")
        elif text == "}" and self.braces:
            self.braces.pop()
        self._emit(text)
        self._advance(len(text))


def _matches(tokens: list[Token]) -> dict[int, int]:
    """Each bracket's index to its partner's index, both ways."""
    partner: dict[int, int] = {}
    stack: list[int] = []
    for index, token in enumerate(tokens):
        if token.text in OPENERS:
            stack.append(index)
        elif token.text in CLOSERS:
            opened = stack.pop()
            partner[opened], partner[index] = index, opened
    return partner


def _expression_end(tokens: list[Token], start: int, partner: dict[int, int]) -> int:
    """The last token of the expression that starts at ``start`` (an arrow's concise body)."""
    index, questions = start, 0  # a ``:`` with no ``?`` of the body's own belongs to a ternary around it
    while index < len(tokens):
        token = tokens[index]
        if token.text in OPENERS:
            index = partner[index] + 1
            continue
        questions += token.text == "?"
        if token.text in CLOSERS or token.text in {",", ";"} or (token.text == ":" and not questions):
            return index - 1
        questions -= token.text == ":"
        if index > start and token.newline and token.text in STATEMENT_STARTS:
            return index - 1
        index += 1
    return len(tokens) - 1


def _name_before(tokens: list[Token], index: int) -> str:
    """The name a function expression at ``index`` is bound to (``const name = ...``, ``name: ...``)."""
    if index < 2 or not WORD.fullmatch(tokens[index - 2].text):
        return "(anonymous)"
    bound = tokens[index - 1].text == "="
    keyed = tokens[index - 1].text == ":" and index >= 3 and tokens[index - 3].text in {"{", ","}
    return tokens[index - 2].text if bound or keyed else "(anonymous)"


def _function_keyword(tokens: list[Token], index: int, partner: dict[int, int]) -> tuple[str, int, int]:
    after = index + 1
    if tokens[after].text == "*":
        after += 1
    name = tokens[after].text if WORD.fullmatch(tokens[after].text) else _name_before(tokens, index)
    while tokens[after].text != "(":
        after += 1
    body = partner[after] + 1
    start = index - 1 if index and tokens[index - 1].text == "async" else index
    return name, start, partner[body]


def _arrow(tokens: list[Token], index: int, partner: dict[int, int]) -> tuple[str, int, int]:
    before = index - 1
    start = partner[before] if tokens[before].text == ")" else before
    if start and tokens[start - 1].text == "async":
        start -= 1
    body = index + 1
    end = partner[body] if tokens[body].text == "{" else _expression_end(tokens, body, partner)
    return _name_before(tokens, start), start, end


def _method(tokens: list[Token], index: int, partner: dict[int, int]) -> tuple[str, int, int] | None:
    """``name(...) {`` where ``name`` is no keyword and follows ``{``, ``,``, ``;``, ``}`` or a modifier."""
    name = tokens[index].text
    if name in NOT_METHODS or not WORD.fullmatch(name) or index + 1 >= len(tokens):
        return None
    if tokens[index + 1].text != "(" or not index:
        return None
    before = tokens[index - 1].text
    if before not in {"{", ",", ";", "}", "async", "get", "set", "static", "*"}:
        return None
    if before == "*" and index >= 2 and tokens[index - 2].text == "function":
        return None  # a generator function, found at its keyword
    close = partner[index + 1]
    if close + 1 >= len(tokens) or tokens[close + 1].text != "{":
        return None
    return name, index, partner[close + 1]


def js_functions(path: Path, root: Path = ROOT) -> Iterator[Function]:
    """Every function, arrow and method in the script at ``path``."""
    where = str(path.relative_to(root))
    tokens = Tokenizer(path.read_text()).run()
    partner = _matches(tokens)
    for index, token in enumerate(tokens):
        if token.text == "function":
            found: tuple[str, int, int] | None = _function_keyword(tokens, index, partner)
        elif token.text == "=>":
            found = _arrow(tokens, index, partner)
        else:
            found = _method(tokens, index, partner)
        if found:
            name, start, end = found
            first, last = tokens[start].line, tokens[end].line
            yield Function(where, name, first, last - first + 1)


def every_function() -> tuple[list[Function], list[Function]]:
    """Our Python functions and our JavaScript functions."""
    python = [f for path in python_files() for f in python_functions(path)]
    js = [f for path in js_files() for f in js_functions(path)]
    return python, js


def report(top: int = 12) -> str:
    python, js = every_function()
    lines = []
    for label, found in (("Python", python), ("JavaScript", js)):
        longest = sorted(found, key=lambda f: -f.lines)
        over_25 = sum(f.lines > 25 for f in found)
        over_50 = sum(f.lines > 50 for f in found)
        lines.append(f"{label}: {len(found)} functions, {over_25} over 25 lines, {over_50} over 50")
        lines.extend(f"  {f}" for f in longest[:top])
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(int(sys.argv[1]) if len(sys.argv) > 1 else 12))
