// Small images built in code for the upload tests: the header bytes of each accepted raster format, holding the
// width and height where that format keeps them (what browsers and image-size read first). They are not decodable
// pictures (no pixel data): enough to test that a file's size is read from its bytes, and refused when its bytes are
// not of its type.
const ascii = (text: string) => [...Buffer.from(text, 'latin1')];
const u16be = (n: number) => [n >> 8, n & 0xff];
const u16le = (n: number) => [n & 0xff, n >> 8];
const u24le = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff];
const u32be = (n: number) => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const u32le = (n: number) => u32be(n).reverse();
/** An ISO-BMFF box (AVIF): size, type, content. */
const box = (type: string, content: number[]) => [...u32be(8 + content.length), ...ascii(type), ...content];

/** PNG: signature and the IHDR chunk (CRC left zero; readers of the size do not check it). */
export function pngHeader(width: number, height: number): Buffer {
  const ihdr = [...u32be(width), ...u32be(height), 8, 6, 0, 0, 0];
  return Buffer.from([0x89, ...ascii('PNG\r\n\x1a\n'), ...u32be(13), ...ascii('IHDR'), ...ihdr, 0, 0, 0, 0]);
}

/** JPEG: SOI, a JFIF APP0, optionally an EXIF APP1 with an orientation, the baseline frame header SOF0, EOI. */
export function jpegHeader(width: number, height: number, orientation?: number): Buffer {
  const app0 = [0xff, 0xe0, ...u16be(16), ...ascii('JFIF\0'), 1, 1, 0, ...u16be(1), ...u16be(1), 0, 0];
  // TIFF, big-endian: one IFD entry, tag 0x0112 (orientation), type SHORT, one value.
  const tiff = [...ascii('MM'), ...u16be(42), ...u32be(8), ...u16be(1), ...u16be(0x0112), ...u16be(3)];
  const exif = [...ascii('Exif\0\0'), ...tiff, ...u32be(1), ...u16be(orientation ?? 1), 0, 0, ...u32be(0)];
  const app1 = orientation === undefined ? [] : [0xff, 0xe1, ...u16be(2 + exif.length), ...exif];
  const sof0 = [0xff, 0xc0, ...u16be(17), 8, ...u16be(height), ...u16be(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([0xff, 0xd8, ...app0, ...app1, ...sof0, 0xff, 0xd9]);
}

/** WebP (lossy): RIFF header and the VP8 frame header with its start code and 14-bit width and height. */
export function webpHeader(width: number, height: number): Buffer {
  const vp8 = [0x9d, 0x01, 0x00, 0x9d, 0x01, 0x2a, ...u16le(width), ...u16le(height)];
  const chunk = [...ascii('VP8 '), ...u32le(vp8.length), ...vp8];
  return Buffer.from([...ascii('RIFF'), ...u32le(4 + chunk.length), ...ascii('WEBP'), ...chunk]);
}

/** WebP (extended, VP8X): the canvas width and height minus one, 24 bits each. */
export function webpExtendedHeader(width: number, height: number): Buffer {
  const vp8x = [0, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)];
  const chunk = [...ascii('VP8X'), ...u32le(vp8x.length), ...vp8x];
  return Buffer.from([...ascii('RIFF'), ...u32le(4 + chunk.length), ...ascii('WEBP'), ...chunk]);
}

/** GIF: the GIF89a header, the logical screen descriptor and the trailer. */
export function gifHeader(width: number, height: number): Buffer {
  return Buffer.from([...ascii('GIF89a'), ...u16le(width), ...u16le(height), 0, 0, 0, 0x3b]);
}

/** AVIF: the ftyp box (brand avif) and meta › iprp › ipco › ispe with the image's width and height. */
export function avifHeader(width: number, height: number): Buffer {
  const ftyp = box('ftyp', [...ascii('avif'), ...u32be(0), ...ascii('avifmif1miaf')]);
  const ispe = box('ispe', [0, 0, 0, 0, ...u32be(width), ...u32be(height)]);
  const meta = box('meta', [0, 0, 0, 0, ...box('iprp', box('ipco', ispe))]);
  return Buffer.from([...ftyp, ...meta]);
}
