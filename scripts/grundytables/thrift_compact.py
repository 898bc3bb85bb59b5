"""Thrift's compact protocol, read and written: the encoding of a Parquet file's footer.

A struct is a dict {field id: Field(type, value)}; a list is a List(element
type, values); a map a Map(key type, value type, pairs). Integers are
zigzag varints, doubles 8 little-endian bytes, binaries a varint length and
the bytes, a field's header the difference from the previous field id of
its struct in the high nibble (or 0 and the id as a varint) and its type in
the low one (Apache Thrift, "Thrift Compact protocol encoding").

decode reads untrusted bytes: every length is checked against the bytes
left and the nesting is bounded, so a damaged footer is a ThriftError, never
a huge allocation or a RecursionError. encode writes the same structures
back, so that a footer can be edited field by field (the tests plant
damage that way).
"""

import collections
import struct

STOP, TRUE, FALSE, BYTE, I16, I32, I64, DOUBLE, BINARY, LIST, SET, MAP, STRUCT = range(13)
MAX_DEPTH = 32  # a Parquet footer nests about 6 deep
BITS = {I16: 16, I32: 32, I64: 64}
INTEGERS = {kind: (-(1 << (bits - 1)), 1 << (bits - 1)) for kind, bits in BITS.items()}  # [low, high)

Field = collections.namedtuple("Field", "type value")
List = collections.namedtuple("List", "type values")
Map = collections.namedtuple("Map", "key_type value_type pairs")


class ThriftError(ValueError):
    """Bytes that are not a compact-protocol struct; the message says where it failed."""


def decode(data):
    """The struct at the start of data (bytes), as a dict; ThriftError unless data is that struct and no more."""
    value, end = decode_prefix(data, 0, len(data))
    if end != len(data):
        raise ThriftError(f"{len(data) - end} bytes after the struct")
    return value


def decode_prefix(data, start, end):
    """The struct that data[start:end] begins with, and the offset in data where it ends."""
    reader = _Reader(memoryview(data)[:end])
    reader.pos = start
    return reader.struct(0), reader.pos


class _Reader:
    def __init__(self, data):
        self.data, self.pos, self.end = data, 0, len(data)

    def byte(self):
        pos = self.pos
        if pos >= self.end:
            raise ThriftError(f"ends at byte {pos}, in the middle of a value")
        self.pos = pos + 1
        return self.data[pos]

    def uvarint(self):
        pos = self.pos
        if pos < self.end and self.data[pos] < 0x80:  # one byte: most footer integers
            self.pos = pos + 1
            return self.data[pos]
        value = shift = 0
        while True:
            b = self.byte()
            value |= (b & 0x7F) << shift
            if not b & 0x80:
                return value
            shift += 7
            if shift > 63:
                raise ThriftError(f"a varint longer than 10 bytes at byte {self.pos}")

    def varint(self):
        u = self.uvarint()
        return (u >> 1) ^ -(u & 1)

    def take(self, k):
        if k > self.end - self.pos:
            raise ThriftError(f"a length of {k} bytes at byte {self.pos}, beyond the {self.end - self.pos} left")
        self.pos += k
        return bytes(self.data[self.pos - k:self.pos])

    def value(self, kind, depth):
        if kind in INTEGERS:
            value = self.varint()
            low, high = INTEGERS[kind]
            if not low <= value < high:
                raise ThriftError(f"{value} at byte {self.pos} does not fit an int{BITS[kind]}")
            return value
        if kind in (TRUE, FALSE):  # a field's header holds its value; a list element is a byte
            return kind == TRUE
        if kind == BYTE:
            b = self.byte()
            return b - 256 if b > 127 else b
        if kind == DOUBLE:
            return struct.unpack("<d", self.take(8))[0]
        if kind == BINARY:
            return self.take(self.uvarint())
        if kind in (LIST, SET):
            head = self.byte()
            size, elem = head >> 4, head & 0x0F
            if size == 15:
                size = self.uvarint()
            if size > self.end - self.pos:  # every element takes a byte at least
                raise ThriftError(f"a list of {size} elements at byte {self.pos}, beyond the bytes left")
            if elem in (TRUE, FALSE):
                return List(elem, [self.byte() == 1 for _ in range(size)])
            return List(elem, [self.value(elem, depth + 1) for _ in range(size)])
        if kind == MAP:
            size = self.uvarint()
            if size > self.end - self.pos:
                raise ThriftError(f"a map of {size} pairs at byte {self.pos}, beyond the bytes left")
            types = self.byte() if size else 0
            return Map(types >> 4, types & 0x0F,
                       [(self.value(types >> 4, depth + 1), self.value(types & 0x0F, depth + 1)) for _ in range(size)])
        if kind == STRUCT:
            return self.struct(depth + 1)
        raise ThriftError(f"unknown type {kind} at byte {self.pos}")

    def struct(self, depth):
        if depth > MAX_DEPTH:
            raise ThriftError(f"nested more than {MAX_DEPTH} deep at byte {self.pos}")
        fields, last = {}, 0
        while True:
            head = self.byte()
            kind = head & 0x0F
            if kind == STOP:
                return fields
            last = last + (head >> 4) if head >> 4 else self.varint()
            if not 0 < last < 1 << 15:
                raise ThriftError(f"field id {last} at byte {self.pos}, outside 1..32767")
            if last in fields:
                raise ThriftError(f"field {last} twice in a struct, at byte {self.pos}")
            fields[last] = Field(kind, self.value(kind, depth))


def encode(fields):
    """The compact-protocol bytes of the struct fields (a dict as decode returns)."""
    out = bytearray()
    _struct(out, fields)
    return bytes(out)


def _uvarint(out, u):
    while u >= 0x80:
        out.append(u & 0x7F | 0x80)
        u >>= 7
    out.append(u)


def _varint(out, v):
    _uvarint(out, (v << 1) ^ (v >> 63) if v < 0 else v << 1)


def _struct(out, fields):
    last = 0
    for fid in sorted(fields):
        kind, value = fields[fid]
        if kind in (TRUE, FALSE):
            kind = TRUE if value else FALSE
        if 0 < fid - last <= 15:
            out.append((fid - last) << 4 | kind)
        else:
            out.append(kind)
            _varint(out, fid)
        last = fid
        if kind not in (TRUE, FALSE):
            _value(out, kind, value)
    out.append(STOP)


def _value(out, kind, value):
    if kind == BYTE:
        out.append(value & 0xFF)
    elif kind in (I16, I32, I64):
        _varint(out, value)
    elif kind == DOUBLE:
        out += struct.pack("<d", value)
    elif kind == BINARY:
        _uvarint(out, len(value))
        out += value
    elif kind in (LIST, SET):
        n = len(value.values)
        if n < 15:
            out.append(n << 4 | value.type)
        else:
            out.append(0xF0 | value.type)
            _uvarint(out, n)
        for element in value.values:
            if value.type in (TRUE, FALSE):
                out.append(1 if element else 2)
            else:
                _value(out, value.type, element)
    elif kind == MAP:
        _uvarint(out, len(value.pairs))
        if value.pairs:
            out.append(value.key_type << 4 | value.value_type)
        for k, v in value.pairs:
            _value(out, value.key_type, k)
            _value(out, value.value_type, v)
    elif kind == STRUCT:
        _struct(out, value)
    else:
        raise ValueError(f"unknown type {kind}")
