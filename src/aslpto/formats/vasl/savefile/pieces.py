"""Pieces and stacks of a VASL save: the add-piece command's type and state decoded into
traits, layers (faces), position and name; and commands edited to move a piece or change a
trait."""

from __future__ import annotations

from aslpto.base.records import record, replace
from aslpto.formats.vasl.savefile.encoding import decode_sequence, encode_sequence


@record
class Trait:
    """One trait (VASSAL decorator) of a piece: ``type`` is ``kind;args``, ``state`` its own."""

    kind: str
    type: str
    state: str

    @property
    def args(self) -> list[str]:
        """The type's fields after the kind (``;``-separated)."""
        return decode_sequence(self.type, ";")[1:]


@record
class Layer:
    """A layer trait (``emb2``): the images it can show and which one it shows.

    ``value`` is the state as saved: the level (1 = first image), negative when the layer
    is not active (VASSAL's ``Embellishment``). ``levels`` are the names of the images: a
    name with a ``+`` before or after it is put after or before the piece's name.
    ``offset`` is where the image is drawn relative to the piece; ``activate`` the key(s)
    that switch it on; ``follow_property`` the property whose value sets the level, if any.
    """

    name: str
    images: tuple[str, ...]
    levels: tuple[str, ...]
    value: int
    offset: tuple[int, int]
    activate: str
    follow_property: str | None
    first_level_value: int

    @property
    def active(self) -> bool:
        """True if the layer is drawn."""
        return self.value > 0

    @property
    def level(self) -> int:
        """The current level, 1-based, whether or not the layer is active."""
        return abs(self.value)

    @property
    def image(self) -> str | None:
        """The image drawn now, None if the layer is inactive or the level has none."""
        if self.active and self.value <= len(self.images):
            return self.images[self.value - 1]
        return None

    @property
    def level_name(self) -> str | None:
        """The name of the level drawn now, None if the layer is inactive."""
        if self.active and self.value <= len(self.levels):
            return self.levels[self.value - 1]
        return None

    def rename(self, inner: str) -> str:
        """The piece's name with this layer on it, ``inner`` being the name under it."""
        level_name = self.level_name
        if not level_name:
            return inner
        parts = decode_sequence(level_name, "+")
        if len(parts) == 1:
            return parts[0]
        first, second = parts[0], parts[1]
        return inner + second if not first else first + inner


@record
class Piece:
    """A piece added by a ``+/ID/TYPE/STATE`` command, its traits outermost first.

    ``map`` (None when off every map), ``x``, ``y`` and ``gpid`` are the state of the
    innermost trait (``piece``); ``name`` is the name its owner sees, built as VASSAL
    builds it through the layers and labels; ``images`` are the images drawn, innermost
    first. ``hidden_by`` and ``concealed_by`` name the player who hid (HIP, ``hide``) or
    concealed (``conceal``) it. ``stack`` is the id of the stack holding it, if any (set
    when a whole save is read): a stacked piece is drawn where its stack is.
    """

    id: str
    type: str
    state: str
    map: str | None
    x: int
    y: int
    gpid: str
    name: str
    basic_name: str
    images: tuple[str, ...]
    traits: tuple[Trait, ...]
    layers: tuple[Layer, ...]
    properties: tuple[tuple[str, str], ...]
    hidden_by: str | None
    concealed_by: str | None
    extra_state: tuple[str, ...]
    stack: str | None = None

    @property
    def persistent_properties(self) -> tuple[tuple[str, str], ...]:
        """Properties VASSAL 3.3 and later keep after the gpid: a count, then names and values."""
        if not self.extra_state or not self.extra_state[0].isdigit():
            return ()
        count = int(self.extra_state[0])
        values = self.extra_state[1 : 1 + 2 * count]
        return tuple(zip(values[0::2], values[1::2], strict=False))

    @property
    def image(self) -> str | None:
        """The face on top: the outermost active layer image drawn unshifted, else the base."""
        for layer in self.layers:
            if layer.image and layer.image.strip() and layer.offset == (0, 0):
                return layer.image
        base = self.traits[-1].args[2] if len(self.traits[-1].args) > 2 else ""
        return base if base.strip() else None

    @property
    def broken(self) -> bool | None:
        """True if a layer shows a broken side, False if it could, None if it has none."""
        return self._showing("broken")

    @property
    def malfunctioned(self) -> bool | None:
        """True if a layer shows a malfunctioned side, False if it could, None if it has none."""
        return self._showing("malf")

    def _showing(self, word: str) -> bool | None:
        found = False
        for layer in self.layers:
            if any(level.startswith(word) for level in layer.levels):
                found = True
                if layer.active and (layer.level_name or "").startswith(word):
                    return True
        return False if found else None

    def property(self, name: str) -> str | None:
        """A property set by a ``mark`` or ``PROP`` trait, outermost first."""
        for key, value in self.properties:
            if key == name:
                return value
        return None

    def layer(self, name: str) -> Layer | None:
        """The outermost layer of that name."""
        for layer in self.layers:
            if layer.name == name:
                return layer
        return None

    def traits_of(self, kind: str) -> list[Trait]:
        """The traits of one kind, outermost first."""
        return [trait for trait in self.traits if trait.kind == kind]


@record
class Stack:
    """A stack (``+/ID/stack/map;x;y;ids``): where it is and its pieces, bottom first."""

    id: str
    map: str | None
    x: int
    y: int
    pieces: tuple[str, ...]


def _split_chain(text: str) -> list[str]:
    """A decorator chain (``outer\\tinner...``), outermost first.

    Each trait wraps the rest: ``encode_sequence([trait, rest], "\\t")`` at every level, so
    the tab after the j-th trait has j backslashes before it. When every part shows exactly
    that (no trait holding a tab, none quoted), one split decodes the chain; otherwise the
    levels are decoded one by one.
    """
    parts = text.split("\t")
    last = len(parts) - 1
    fast: list[str] = []
    for j, part in enumerate(parts):
        if j < last:
            if len(part) - len(part.rstrip("\\")) != j:
                break
            part = part[: len(part) - j]
        if part.startswith("'"):
            break
        fast.append(part)
    else:
        return fast
    return _split_chain_levels(text)


def _split_chain_levels(text: str) -> list[str]:
    out: list[str] = []
    while True:
        parts = decode_sequence(text, "\t")
        out.append(parts[0])
        if len(parts) == 1:
            return out
        if len(parts) > 2:
            raise ValueError("a trait list has more than two parts at one level")
        text = parts[1]


def _to_int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{what} is not a whole number: {text!r}") from None


def _map_id(text: str) -> str | None:
    return None if text == "null" else text


def _split_add(command: str) -> tuple[str, str, str]:
    if not command.startswith("+/"):
        raise ValueError(f"not an add-piece command: {command[:20]!r}")
    parts = decode_sequence(command[2:], "/")
    if len(parts) != 3:
        raise ValueError(f"an add-piece command has {len(parts)} parts, not 3 (ID/TYPE/STATE)")
    return parts[0], parts[1], parts[2]


def parse_stack(command: str) -> Stack:
    """The stack added by a ``+/ID/stack/STATE`` command."""
    piece_id, kind, state = _split_add(command)
    if kind != "stack":
        raise ValueError(f"piece {piece_id}: not a stack")
    return _stack(piece_id, state)


def _stack(piece_id: str, state: str) -> Stack:
    fields = decode_sequence(state, ";")
    if len(fields) < 3:
        raise ValueError(f"stack {piece_id}: state {state!r} lacks map;x;y")
    return Stack(
        id=piece_id,
        map=_map_id(fields[0]),
        x=_to_int(fields[1], f"stack {piece_id} x"),
        y=_to_int(fields[2], f"stack {piece_id} y"),
        pieces=tuple(fields[3:]),
    )


def _layer(trait: Trait) -> Layer:
    f = trait.args
    f += [""] * (29 - len(f))

    def number(text: str, default: int) -> int:
        try:
            return int(text)
        except ValueError:
            return default

    images = tuple(decode_sequence(f[15], ",")) if f[15] else ()
    levels = tuple(decode_sequence(f[16], ",")) if f[16] else ()
    levels += ("",) * (len(images) - len(levels))
    state = decode_sequence(trait.state, ";")[0]
    return Layer(
        name=f[18],
        images=images,
        levels=levels,
        value=number(state, -1),
        offset=(number(f[13], 0), number(f[14], 0)),
        activate=f[2],
        follow_property=f[22] if f[21] == "true" and f[22] else None,
        first_level_value=number(f[23], 1),
    )


def _follow(layer: Layer, properties: dict[str, str]) -> Layer:
    """The layer at the level its followed property gives, when the property is known."""
    if layer.follow_property is None or layer.follow_property not in properties:
        return layer
    try:
        level = int(properties[layer.follow_property]) - layer.first_level_value + 1
    except ValueError:
        return layer
    level = max(1, min(level, len(layer.images)))
    return replace(layer, value=level if layer.value > 0 else -level)


def _label_name(trait: Trait, inner: str) -> str:
    label = trait.state.strip()
    if not label:
        return inner
    args = trait.args
    fmt = args[11] if len(args) > 11 and args[11] else "$pieceName$ ($label$)"
    return fmt.replace("$pieceName$", inner).replace("$label$", label)


def _obscured_by(state: str) -> str | None:
    first = decode_sequence(state, ";")[0]
    return None if first in ("null", "") else first


def parse_piece(command: str) -> Piece:
    """The piece added by a ``+/ID/TYPE/STATE`` command (not a stack)."""
    piece_id, type_text, state_text = _split_add(command)
    if type_text == "stack":
        raise ValueError(f"piece {piece_id}: a stack, not a piece")
    return _piece(piece_id, type_text, state_text)


def _piece(piece_id: str, type_text: str, state_text: str) -> Piece:
    try:
        types = _split_chain(type_text)
        states = _split_chain(state_text)
    except ValueError as error:
        raise ValueError(f"piece {piece_id}: {error}") from None
    if len(states) > len(types):
        raise ValueError(f"piece {piece_id}: {len(states)} states for {len(types)} traits")
    states += [""] * (len(types) - len(states))
    traits = tuple(
        Trait(kind=t.split(";", 1)[0], type=t, state=s) for t, s in zip(types, states, strict=True)
    )
    basic = traits[-1]
    if basic.kind != "piece":
        raise ValueError(f"piece {piece_id}: innermost trait is {basic.kind!r}, not 'piece'")
    position = decode_sequence(basic.state, ";")
    if len(position) < 3:
        raise ValueError(f"piece {piece_id}: state {basic.state!r} lacks map;x;y")
    basic_args = [*basic.args, "", "", "", ""]
    basic_name = basic_args[3]

    properties: list[tuple[str, str]] = []
    for trait in traits:
        if trait.kind == "mark":
            keys = decode_sequence(trait.type[len("mark;") :], ",")
            values = decode_sequence(trait.state, ",")
            properties.extend(zip(keys, values, strict=False))
        elif trait.kind == "PROP":
            args = trait.args
            if args:
                properties.append((args[0], trait.state))
    known = dict(reversed(properties))

    layers: list[Layer] = []
    hidden_by: str | None = None
    concealed_by: str | None = None
    for trait in traits:
        if trait.kind == "emb2":
            layers.append(_follow(_layer(trait), known))
        elif trait.kind == "hide" and hidden_by is None:
            hidden_by = _obscured_by(trait.state)
        elif trait.kind in ("conceal", "obs") and concealed_by is None:
            concealed_by = _obscured_by(trait.state)

    name = basic_name
    images: list[str] = []
    if basic_args[2].strip():
        images.append(basic_args[2])
    by_trait = iter(layers[::-1])
    for trait in reversed(traits[:-1]):
        if trait.kind == "emb2":
            layer = next(by_trait)
            name = layer.rename(name)
            if layer.image and layer.image.strip():
                images.append(layer.image)
        elif trait.kind == "label":
            name = _label_name(trait, name)

    return Piece(
        id=piece_id,
        type=type_text,
        state=state_text,
        map=_map_id(position[0]),
        x=_to_int(position[1], f"piece {piece_id} x"),
        y=_to_int(position[2], f"piece {piece_id} y"),
        gpid=position[3] if len(position) > 3 else "",
        name=name,
        basic_name=basic_name,
        images=tuple(images),
        traits=traits,
        layers=tuple(layers),
        properties=tuple(properties),
        hidden_by=hidden_by,
        concealed_by=concealed_by,
        extra_state=tuple(position[4:]),
    )


def with_position(command: str, x: int, y: int, map_id: str | None = None) -> str:
    """An add-piece command (piece or stack) with the position (and map, if given) changed.

    A piece inside a stack is drawn where its stack is: move the stack.
    """
    piece_id, type_text, state_text = _split_add(command)
    if type_text == "stack":
        fields = decode_sequence(state_text, ";")
    else:
        fields = decode_sequence(_split_chain(state_text)[-1], ";")
    if len(fields) < 3:
        raise ValueError(f"piece {piece_id}: state lacks map;x;y")
    fields[1:3] = [str(x), str(y)]
    if map_id is not None:
        fields[0] = map_id
    if type_text == "stack":
        return "+/" + encode_sequence([piece_id, type_text, encode_sequence(fields, ";")], "/")
    return with_trait_state(command, -1, encode_sequence(fields, ";"))


def with_trait_state(command: str, index: int, state: str) -> str:
    """An add-piece command with the state of one trait replaced (``index`` counts from the
    outermost trait, 0; ``-1`` is the innermost, ``piece``)."""
    piece_id, type_text, state_text = _split_add(command)
    if type_text == "stack":
        raise ValueError(f"piece {piece_id}: a stack has no traits")
    count = len(_split_chain(type_text))
    states = _split_chain(state_text)
    states += [""] * (count - len(states))
    states[index] = state
    new_state = states[-1]
    for outer in reversed(states[:-1]):
        new_state = encode_sequence([outer, new_state], "\t")
    return "+/" + encode_sequence([piece_id, type_text, new_state], "/")
