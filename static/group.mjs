// The group arithmetic of host-blind dealing for the engine worker (and the Pyodide test runner): libsodium.js,
// handed to spades.table.group.use (spades/table/group.py says what each call means). The same C library as
// PyNaCl in CPython, so every device and the command line compute the same bytes.
//
//   const backend = await sodiumGroup(); py.pyimport("spades.table.group").use(backend);
//
// Every value crosses as hexadecimal text (plain strings, no buffers to convert or free); a batch is one call.
import sodium from "./vendor/sodium/libsodium-wrappers.mjs";

const SIZE = 64; // characters of one element or scalar

export async function sodiumGroup() {
  await sodium.ready;
  const { from_hex: bytes, to_hex: hex } = sodium;
  return {
    // scalars: one (for every point) or one a point; "" if any product fails (no point, or the identity)
    mul(scalars, points) {
      const one = scalars.length === SIZE;
      let out = "";
      try {
        for (let i = 0; i < points.length; i += SIZE) {
          const scalar = bytes(one ? scalars : scalars.slice(i, i + SIZE));
          out += hex(sodium.crypto_scalarmult_ed25519_noclamp(scalar, bytes(points.slice(i, i + SIZE))));
        }
      } catch {
        return "";
      }
      return out;
    },
    valid(points) {
      try {
        for (let i = 0; i < points.length; i += SIZE) {
          if (!sodium.crypto_core_ed25519_is_valid_point(bytes(points.slice(i, i + SIZE)))) return false;
        }
      } catch {
        return false;
      }
      return true;
    },
    from_uniform(data) {
      return hex(sodium.crypto_core_ed25519_from_uniform(bytes(data)));
    },
  };
}
