"""Every message the API can answer in an error reads in Simplified Chinese when the screen asks for it.

The messages are found in the code itself (Python's ast over chalicelib/): the first argument of every
ApiError (or subclass) the code makes, followed through module constants, local variables, helpers that
return a message, parameters that carry one, `.format(...)` and `str(exc)` of exceptions raised in chalicelib.
An f-string becomes a template with {name} placeholders, its literal braces doubled, as chalicelib/core/messages.py
reads its table. So a new or reworded message without a translation fails here, listed."""
from __future__ import annotations

import ast
import itertools
import re
import string
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import pytest

import chalicelib
from chalicelib.core.messages import NESTED, ZH_CN, localize

ZH = "zh-CN,zh;q=0.9,en;q=0.8"
CHINESE = re.compile(r"[\u4e00-\u9fff]")
CHALICELIB = Path(chalicelib.__file__).resolve().parent
# Parameters of a helper that carry a message into the message it makes: `_search_error(detail)`.
NESTED_PARAMETERS = {"message", "detail"}

# Messages this test cannot follow to their text, by (module, the argument's source), each with its reason. None
# today: a message that comes from somewhere new must be followed (see Finder) or listed here.
NOT_FOLLOWED: dict[tuple[str, str], str] = {}
# Messages whose placeholder holds English text the table cannot translate, each with its reason. The message
# around it is translated; a value from an exception outside chalicelib must be listed here (checked).
ENGLISH_INSIDE = {
    "Invalid token: {exc}": "PyJWT's reason for refusing a token (its exception's text); a client's problem",
    "The file is not valid GeoJSON: {exc}": "the json module's reason (line and column); system administrators only",
    "Feature {index}: {prefix}coordinates must be a list of linear rings.":
        "the place in the geometry, 'geometry ' or 'polygon 2 ', written by gis.service in English",
    "Feature {index}: {where} must have at least 4 positions.": "the place in the geometry, 'polygon 2 ring 0'",
    "Feature {index}: {where} position {k} must be [longitude, latitude] numbers.": "the same place",
    "Feature {index}: {where} must be closed (its first and last positions equal).": "the same place",
}
class Unfollowed(Exception):
    pass


@dataclass
class Module:
    name: str
    path: Path
    tree: ast.Module

    @cached_property
    def parents(self) -> dict[ast.AST, ast.AST]:
        return {child: node for node in ast.walk(self.tree) for child in ast.iter_child_nodes(node)}

    @cached_property
    def constants(self) -> dict[str, ast.expr]:
        """Module-level NAME = value."""
        found = {}
        for node in self.tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                found[node.targets[0].id] = node.value
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
                found[node.target.id] = node.value
        return found

    @cached_property
    def imports(self) -> dict[str, tuple[str, str | None]]:
        """Local name → (module, name in it) or (module, None) for a module itself."""
        found: dict[str, tuple[str, str | None]] = {}
        for node in ast.walk(self.tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("chalicelib"):
                for alias in node.names:
                    dotted = f"{node.module}.{alias.name}"
                    found[alias.asname or alias.name] = ((dotted, None) if dotted in MODULES
                                                         else (node.module, alias.name))
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("chalicelib") and alias.asname:
                        found[alias.asname] = (alias.name, None)
        return found

    def function_of(self, node: ast.AST) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        while node in self.parents:
            node = self.parents[node]
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                return node
        return None


def _load() -> dict[str, Module]:
    modules = {}
    for path in sorted(CHALICELIB.rglob("*.py")):
        parts = path.relative_to(CHALICELIB.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        modules[name] = Module(name, path, ast.parse(path.read_text(), str(path)))
    return modules


MODULES = _load()


def _called_name(call: ast.Call) -> str | None:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _error_classes() -> set[str]:
    """ApiError and the classes that derive from it (by name), anywhere under chalicelib/."""
    classes = {"ApiError"}
    while True:
        more = {node.name for module in MODULES.values() for node in ast.walk(module.tree)
                if isinstance(node, ast.ClassDef) and node.name not in classes
                and any((b.id if isinstance(b, ast.Name) else getattr(b, "attr", None)) in classes for b in node.bases)}
        if not more:
            return classes
        classes |= more


def _escape(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _placeholder(expr: ast.expr) -> str:
    """The name a value shown in a message goes by: `{station.identifier!r}` → identifier."""
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute):
        return expr.attr
    if isinstance(expr, ast.Subscript):  # values['email'] → email, text[:50] → text
        key = expr.slice
        return key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else _placeholder(expr.value)
    if isinstance(expr, ast.UnaryOp):
        return _placeholder(expr.operand)
    if isinstance(expr, ast.BoolOp):
        return _placeholder(expr.values[0])
    if isinstance(expr, ast.Call):
        if isinstance(expr.func, ast.Attribute) and expr.func.attr == "join" and expr.args:
            return _placeholder(expr.args[0])
        if isinstance(expr.func, ast.Name) and expr.func.id in {"map", "sorted", "str", "len", "list", "repr"}:
            return _placeholder(expr.args[-1])
        return _called_name(expr) or "value"
    return "value"


def _fstring(node: ast.JoinedStr, nested: set[str] = frozenset()) -> str:
    """The f-string as a template; values in `nested` (the sources of messages inside it) become {message}."""
    names: dict[str, str] = {}  # a value as the f-string shows it → its placeholder
    text = []
    for part in node.values:
        if isinstance(part, ast.Constant):
            text.append(_escape(part.value))
            continue
        # The same value shown the same way is one placeholder; `{mime!r}. {mime}` are two.
        source = ast.dump(part)
        if source not in names:
            base = NESTED if ast.unparse(part.value) in nested else _placeholder(part.value)
            taken = set(names.values())
            names[source] = next(n for n in itertools.chain([base], (f"{base}{i}" for i in itertools.count(2)))
                                 if n not in taken)
        text.append("{" + names[source] + "}")
    return "".join(text)


class Finder:
    def __init__(self):
        self.errors = _error_classes()
        self.unfollowed: dict[tuple[str, str], str] = {}
        self.found: dict[str, set[str]] = {}
        self.exception_text: set[str] = set()  # templates that show an exception's own text

    def messages(self) -> dict[str, set[str]]:
        """Template → where it is made (module:line)."""
        for module in MODULES.values():
            for node in ast.walk(module.tree):
                if isinstance(node, ast.Call) and _called_name(node) in self.errors and node.args:
                    self._collect(node.args[0], module, node, f"{module.name}:{node.lineno}")
        return self.found

    def _collect(self, expr: ast.expr, module: Module, at: ast.AST, where: str) -> None:
        try:
            templates = self.templates(expr, module, at)
        except Unfollowed as exc:
            self.unfollowed.setdefault((module.name, ast.unparse(expr)), f"{where}: {exc}")
            return
        for template in templates:
            self.found.setdefault(template, set()).add(where)

    @staticmethod
    def _shows_a_caught_exception(node: ast.JoinedStr, module: Module) -> bool:
        """`f"...: {exc}"` inside `except Something as exc`."""
        shown = {part.value.id for part in node.values
                 if isinstance(part, ast.FormattedValue) and isinstance(part.value, ast.Name)}
        at: ast.AST = node
        while at in module.parents:
            at = module.parents[at]
            if isinstance(at, ast.ExceptHandler) and at.name in shown:
                return True
        return False

    def _nested(self, node: ast.JoinedStr, module: Module, at: ast.AST) -> set[str]:
        """The parts of an f-string that are messages themselves, passed by a helper's callers (its `detail`
        parameter): each is collected as a message of its own, and its place becomes {message}."""
        function = module.function_of(at)
        if function is None:
            return set()
        parameters = [a.arg for a in function.args.posonlyargs + function.args.args + function.args.kwonlyargs]
        nested = set()
        for part in node.values:
            if (isinstance(part, ast.FormattedValue) and isinstance(part.value, ast.Name)
                    and part.value.id in NESTED_PARAMETERS and part.value.id in parameters):
                nested.add(part.value.id)
                for caller_module, call, value in self._arguments(function, part.value.id, parameters):
                    self._collect(value, caller_module, call,
                                  f"{caller_module.name}:{call.lineno}, inside {module.name}:{node.lineno}")
        return nested

    def templates(self, expr: ast.expr, module: Module, at: ast.AST, depth: int = 0) -> list[str]:
        if depth > 8:
            raise Unfollowed("too deep")
        follow = lambda e, m=module, a=at: self.templates(e, m, a, depth + 1)  # noqa: E731
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            return [_escape(expr.value)]
        if isinstance(expr, ast.JoinedStr):
            template = _fstring(expr, self._nested(expr, module, at))
            if self._shows_a_caught_exception(expr, module):
                self.exception_text.add(template)
            return [template]
        if isinstance(expr, ast.IfExp):
            return follow(expr.body) + follow(expr.orelse)
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
            return [a + b for a in follow(expr.left) for b in follow(expr.right)]
        if isinstance(expr, ast.Name):
            return self._name(expr.id, module, at, depth)
        if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name):
            target = module.imports.get(expr.value.id)
            if target and target[1] is None and expr.attr in MODULES[target[0]].constants:
                owner = MODULES[target[0]]
                return self.templates(owner.constants[expr.attr], owner, owner.tree, depth + 1)
        if isinstance(expr, ast.Call):
            return self._call(expr, module, at, depth)
        raise Unfollowed(f"cannot follow {ast.unparse(expr)}")

    def _name(self, name: str, module: Module, at: ast.AST, depth: int) -> list[str]:
        function = module.function_of(at)
        if function is not None:
            assigned = [node.value for node in ast.walk(function) if isinstance(node, ast.Assign)
                        and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)]
            if assigned:
                return [t for value in assigned for t in self.templates(value, module, value, depth + 1)]
            parameters = [a.arg for a in function.args.posonlyargs + function.args.args]
            if name in parameters or name in [a.arg for a in function.args.kwonlyargs]:
                return self._passed(function, name, parameters, depth)
        if name in module.constants:
            return self.templates(module.constants[name], module, module.tree, depth + 1)
        if name in module.imports and module.imports[name][1] is not None:
            owner, original = module.imports[name]
            if owner in MODULES and original in MODULES[owner].constants:
                source = MODULES[owner]
                return self.templates(source.constants[original], source, source.tree, depth + 1)
        raise Unfollowed(f"cannot follow the name {name}")

    def _arguments(self, function: ast.FunctionDef, name: str, parameters: list[str]):
        """(module, call, value) of what the callers of `function` pass as its parameter `name` (callers anywhere,
        by the function's name)."""
        position = parameters.index(name) if name in parameters else None
        if position is not None and parameters[:1] in (["self"], ["cls"]):
            position -= 1
        for module in MODULES.values():
            for call in ast.walk(module.tree):
                if not (isinstance(call, ast.Call) and _called_name(call) == function.name):
                    continue
                given = [k.value for k in call.keywords if k.arg == name]
                if not given and position is not None and position < len(call.args):
                    given = [call.args[position]]
                yield from ((module, call, value) for value in given)

    def _passed(self, function: ast.FunctionDef, name: str, parameters: list[str], depth: int) -> list[str]:
        found = [t for module, call, value in self._arguments(function, name, parameters)
                 for t in self.templates(value, module, call, depth + 1)]
        if not found:
            raise Unfollowed(f"no caller of {function.name} passes {name}")
        return found

    def _call(self, call: ast.Call, module: Module, at: ast.AST, depth: int) -> list[str]:
        func = call.func
        if isinstance(func, ast.Attribute) and func.attr == "format":
            # TEMPLATE.format(...): the constant is the template itself, its braces placeholders.
            return [t.replace("{{", "{").replace("}}", "}") for t in self.templates(func.value, module, at, depth + 1)]
        if (isinstance(func, ast.Name) and func.id == "str" and len(call.args) == 1
                and isinstance(call.args[0], ast.Name)):
            return self._raised_as(call.args[0].id, module, at, depth)
        # A helper that returns the message: a function of this module, one imported, or a method by its name.
        name = _called_name(call)
        definitions = [(m, node) for m in MODULES.values() for node in ast.walk(m.tree)
                       if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name]
        if isinstance(func, ast.Name):
            here = [(m, d) for m, d in definitions if m is module and d in module.tree.body]
            imported = module.imports.get(name)
            if imported and imported[1]:
                here += [(m, d) for m, d in definitions if m.name == imported[0] and d in m.tree.body]
            definitions = here
        if len(definitions) != 1:
            raise Unfollowed(f"cannot follow the call {ast.unparse(call)}")
        owner, definition = definitions[0]
        returned = [node.value for node in ast.walk(definition) if isinstance(node, ast.Return) and node.value]
        return [t for value in returned for t in self.templates(value, owner, value, depth + 1)]

    def _raised_as(self, name: str, module: Module, at: ast.AST, depth: int) -> list[str]:
        """str(exc) of `except Some as exc`: the messages chalicelib raises Some (or its subclasses) with."""
        handler = at
        while handler in module.parents and not (isinstance(handler, ast.ExceptHandler) and handler.name == name):
            handler = module.parents[handler]
        if not isinstance(handler, ast.ExceptHandler) or handler.type is None:
            raise Unfollowed(f"cannot follow str({name})")
        caught = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
        classes = {c.id if isinstance(c, ast.Name) else c.attr for c in caught}
        while True:
            more = {node.name for m in MODULES.values() for node in ast.walk(m.tree) if isinstance(node, ast.ClassDef)
                    and node.name not in classes and any(getattr(b, "id", getattr(b, "attr", None)) in classes
                                                         for b in node.bases)}
            if not more:
                break
            classes |= more
        found = []
        for owner in MODULES.values():
            for node in ast.walk(owner.tree):
                if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and _called_name(node.exc) in classes:
                    found += self.templates(node.exc.args[0], owner, node, depth + 1)
        if not found:
            raise Unfollowed(f"nothing in chalicelib raises {', '.join(sorted(classes))}")
        return found


@pytest.fixture(scope="module")
def finder() -> Finder:
    return Finder()


@pytest.fixture(scope="module")
def messages(finder) -> dict[str, set[str]]:
    return finder.messages()


def _fields(template: str) -> list[str]:
    return [field for _, field, _, _ in string.Formatter().parse(template) if field is not None]


def _skeleton(template: str) -> list[str]:
    return [literal for literal, _, _, _ in string.Formatter().parse(template)]


# A message inside a message ({message}): one the table translates, so the translation must show its translation.
INNER = ("Sign-in required.", "需要登录。")


def _sample(template: str) -> tuple[str, dict[str, str]]:
    """The template made a message, each placeholder a value of its own, and what its translation must show."""
    values = {field: INNER[0] if field == NESTED else f"«{field}»" for field in _fields(template)}
    shown = {field: INNER[1] if field == NESTED else value for field, value in values.items()}
    return template.format(**values), shown


# What a general key may hold in a placeholder where a message has text: a name of the API (fileName, token)
# or a number.
API_NAME = re.compile(r"[a-z][A-Za-z0-9]*|\d+")


def _translated_by_its_own_key(template: str) -> bool:
    """The key that translates the message is the message's template (its literal text the same), or a general
    one whose placeholders take only names of the API (`{name} is required.` for `token is required.`); never a
    general one that would leave English words of the message untranslated (`{name} not found.` for
    `Widget not found.`)."""
    from chalicelib.core.messages import _pattern

    message, values = _sample(template)
    for english in ZH_CN:
        match = _pattern(english).match(message)
        if match:
            return _skeleton(english) == _skeleton(template) or all(
                bound in values.values() or bound == INNER[0] or API_NAME.fullmatch(bound)
                for bound in match.groupdict().values())
    return False


def test_the_finder_sees_the_messages_users_met_in_english(messages):
    for seen in ("This invitation was revoked.", "This invitation was sent to another email address.",
                 "This invitation link is not valid (it may have been replaced by a newer one).",
                 "An organization needs at least one group administrator: make someone else a group administrator first.",
                 "A project with the key {key} already exists in this organization.",
                 "{name} not found.", "The host {hostname} cannot be found.", "Invalid token: {exc}",
                 "Dashboard named {label} already exists. Please try a different one."):
        assert seen in messages, seen
    assert len(messages) > 200


def test_what_the_finder_cannot_follow_is_listed_with_its_reason(finder, messages):
    unexpected = {key: where for key, where in finder.unfollowed.items() if key not in NOT_FOLLOWED}
    assert not unexpected, "\n".join(unexpected.values())
    stale = [key for key in NOT_FOLLOWED if key not in finder.unfollowed]
    assert not stale, f"no longer needed in NOT_FOLLOWED: {stale}"


def test_english_text_inside_a_message_is_listed_with_its_reason(finder, messages):
    unlisted = sorted(finder.exception_text - set(ENGLISH_INSIDE))
    assert not unlisted, f"an exception's text shown in a message, not in ENGLISH_INSIDE: {unlisted}"
    stale = sorted(set(ENGLISH_INSIDE) - set(messages))
    assert not stale, f"no longer made by the code, remove from ENGLISH_INSIDE: {stale}"


def test_every_message_of_the_api_has_its_own_simplified_chinese_translation(messages):
    missing = []
    for template in sorted(set(messages)):
        message, values = _sample(template)
        translated = localize(message, ZH)
        if (not _translated_by_its_own_key(template) or not CHINESE.search(translated)
                or not all(value in translated for value in values.values())):
            missing.append(f"{template!r}  ({', '.join(sorted(messages[template]))})")
    assert not missing, f"{len(missing)} messages lack a Simplified Chinese translation:\n" + "\n".join(missing)


def test_every_name_a_collection_goes_by_reads_in_chinese(finder):
    """`{name} not found.` and `{name} already exists.` name the collection (Project, Station...): each in Chinese."""
    names = set()
    for module in MODULES.values():
        for call in ast.walk(module.tree):
            if isinstance(call, ast.Call) and _called_name(call) == "Collection":
                for keyword in (k for k in call.keywords if k.arg == "name"):
                    names |= {string.Formatter().format(t.replace("{{", "{").replace("}}", "}"))
                              for t in finder.templates(keyword.value, module, call)}
    assert {"Project", "Station", "Organization", "Parameter group"} <= names
    for name in sorted(names):
        for message in (f"{name} not found.", f"{name} already exists."):
            translated = localize(message, ZH)
            assert CHINESE.search(translated) and not re.search(r"[A-Za-z]", translated), (message, translated)


def test_the_table_keeps_placeholders_and_literal_braces_as_they_are():
    for english, chinese in ZH_CN.items():
        assert sorted(set(_fields(english))) == sorted(set(_fields(chinese))), english
        assert CHINESE.search(chinese) or NESTED in _fields(chinese), english


def test_literal_braces_are_text_not_placeholders():
    english = "The tile address must hold {z}, {x} and {y} (for example https://tiles.example.org/{z}/{x}/{y}.png)."
    assert localize(english, ZH) == "瓦片地址必须包含 {z}、{x} 和 {y}（例如 https://tiles.example.org/{z}/{x}/{y}.png）。"
    assert localize(english, "en") == english
    # Not the same message with other text in the braces.
    assert localize(english.replace("{x}", "{q}", 1), ZH) == english.replace("{x}", "{q}", 1)


def test_placeholders_carry_values_with_braces_and_a_placeholder_may_repeat():
    assert localize("A project with the key '{x}' already exists in this organization.", ZH) == \
        "此组织中已存在标识为“{x}”的项目。"
    from chalicelib.core.messages import _pattern

    twice = _pattern("From {day} to {day}.")
    assert twice.match("From Monday to Monday.") and not twice.match("From Monday to Friday.")


def test_the_messages_users_met_in_english_now_read_in_chinese():
    assert localize("This invitation was revoked.", ZH) == "此邀请已被撤销。"
    assert localize("An organization needs at least one group administrator: make someone else a group administrator first.",
                    ZH) == "组织至少需要一名组管理员：请先将其他成员设为组管理员。"
    assert localize("An invitation to ana@example.org is already open (sent 2024-05-01): resend it from the list "
                    "of invitations instead.", ZH) == \
        "已有发给 ana@example.org 的邀请尚未处理（发送于 2024-05-01）：请在邀请列表中重新发送。"
    assert localize("Project not found.", ZH) == "未找到项目。"
    assert localize("A message no table knows.", ZH) == "A message no table knows."
