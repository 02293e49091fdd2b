// The smallest protobuf reader pprof needs: varints (as JS numbers, exact to
// 2^53), length-delimited fields, packed and unpacked repeated varints.
// Spec: https://protobuf.dev/programming-guides/encoding/
import { ProfileFormatError } from '../format-error.ts';

export class ProtoReader {
  readonly buf: Uint8Array;
  pos: number;
  readonly end: number;
  constructor(buf: Uint8Array, start = 0, end = buf.length) {
    this.buf = buf;
    this.pos = start;
    this.end = end;
  }

  done(): boolean {
    return this.pos >= this.end;
  }

  varint(): number {
    let result = 0;
    let mul = 1;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) throw bad('a number runs past the end of its field');
      const b = this.buf[this.pos++];
      result += (b & 0x7f) * mul;
      if (b < 0x80) return result;
      mul *= 128;
    }
    throw bad('a number is longer than 10 bytes');
  }

  /**
   * An int64 written as a varint: two's complement for negatives. The sign is
   * bit 63 itself (bit 0 of a tenth byte), not the value as a double: 2^63 - 1
   * rounds to 2^63 in a double, and once read as -2^63.
   */
  int64(): number {
    const start = this.pos;
    const v = this.varint();
    if (this.pos - start < 10 || (this.buf[this.pos - 1] & 1) === 0) return v;
    let x = 0n;
    for (let i = this.pos - 1; i >= start; i--) x = (x << 7n) | BigInt(this.buf[i] & 0x7f);
    return Number(BigInt.asIntN(64, x));
  }

  /** Field number and wire type of the next field. */
  tag(): { field: number; wire: number } {
    const t = this.varint();
    return { field: Math.floor(t / 8), wire: t % 8 };
  }

  /** A sub-reader over a length-delimited field. */
  sub(): ProtoReader {
    const len = this.varint();
    const start = this.pos;
    if (start + len > this.end) throw bad('a field is longer than the file');
    this.pos += len;
    return new ProtoReader(this.buf, start, start + len);
  }

  string(): string {
    const r = this.sub();
    return new TextDecoder().decode(this.buf.subarray(r.pos, r.end));
  }

  /** A repeated varint field: packed (wire 2) or one value (wire 0). */
  varints(wire: number, into: number[]): void {
    if (wire === 0) {
      into.push(this.varint());
      return;
    }
    if (wire !== 2) throw bad('a list of numbers has the wrong wire type');
    const r = this.sub();
    while (!r.done()) into.push(r.int64());
  }

  skip(wire: number): void {
    switch (wire) {
      case 0: this.varint(); return;
      case 1: this.pos += 8; break;
      case 2: this.sub(); return;
      case 5: this.pos += 4; break;
      default: throw bad(`wire type ${wire} is not used by pprof`);
    }
    if (this.pos > this.end) throw bad('a field is longer than the file');
  }
}

function bad(why: string): ProfileFormatError {
  return new ProfileFormatError(`This file is not a readable pprof profile: ${why}.`);
}
