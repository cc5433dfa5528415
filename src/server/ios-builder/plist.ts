/**
 * A reader for XML property lists, the format of a provisioning profile's signed content. Only the plist vocabulary is
 * read (dict, array, key, string, integer, real, true, false, date, data); anything else is an error, since no
 * installed package reads plists and a profile holds nothing more.
 */
export type PlistValue = string | number | boolean | Date | Uint8Array | PlistValue[] | { [key: string]: PlistValue };
export type PlistDict = { [key: string]: PlistValue };

export class PlistError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlistError';
  }
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeText(text: string): string {
  return text.replaceAll(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_match, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return ENTITIES[entity] ?? '';
  });
}

interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
}

class Reader {
  private position = 0;

  constructor(private readonly xml: string) {}

  /** Skips the XML declaration, doctype, comments and whitespace before the next tag. */
  private skipMisc(): void {
    for (;;) {
      while (/\s/.test(this.xml[this.position] ?? '')) this.position += 1;
      const rest = this.xml.startsWith('<?', this.position) ? '?>' : this.xml.startsWith('<!--', this.position) ? '-->' : this.xml.startsWith('<!', this.position) ? '>' : null;
      if (rest === null) return;
      const end = this.xml.indexOf(rest, this.position);
      if (end < 0) throw new PlistError('Unterminated XML markup');
      this.position = end + rest.length;
    }
  }

  private tag(): Tag {
    this.skipMisc();
    if (this.xml[this.position] !== '<') throw new PlistError(`Expected a tag at ${this.position}`);
    const end = this.xml.indexOf('>', this.position);
    if (end < 0) throw new PlistError('Unterminated tag');
    const inner = this.xml.slice(this.position + 1, end).trim();
    this.position = end + 1;
    const closing = inner.startsWith('/');
    const selfClosing = inner.endsWith('/');
    const name = inner.replace(/^\//, '').replace(/\/$/, '').trim().split(/\s+/)[0] ?? '';
    return { name, closing, selfClosing };
  }

  private text(name: string): string {
    const close = `</${name}>`;
    const end = this.xml.indexOf(close, this.position);
    if (end < 0) throw new PlistError(`Unterminated <${name}>`);
    const raw = this.xml.slice(this.position, end);
    if (raw.includes('<')) throw new PlistError(`<${name}> holds markup`);
    this.position = end + close.length;
    return decodeText(raw);
  }

  private peekClosing(name: string): boolean {
    this.skipMisc();
    if (!this.xml.startsWith(`</${name}`, this.position)) return false;
    this.tag();
    return true;
  }

  value(): PlistValue {
    const tag = this.tag();
    if (tag.closing) throw new PlistError(`Unexpected </${tag.name}>`);
    return this.valueOf(tag);
  }

  private valueOf(tag: Tag): PlistValue {
    switch (tag.name) {
      case 'true':
      case 'false':
        if (!tag.selfClosing) this.text(tag.name);
        return tag.name === 'true';
      case 'string':
        return tag.selfClosing ? '' : this.text('string');
      case 'integer':
      case 'real': {
        const number = Number(this.text(tag.name).trim());
        if (!Number.isFinite(number)) throw new PlistError(`<${tag.name}> is not a number`);
        return number;
      }
      case 'date': {
        const date = new Date(this.text('date').trim());
        if (Number.isNaN(date.getTime())) throw new PlistError('<date> is not a date');
        return date;
      }
      case 'data':
        return tag.selfClosing ? new Uint8Array() : new Uint8Array(Buffer.from(this.text('data').replaceAll(/\s/g, ''), 'base64'));
      case 'array':
        return tag.selfClosing ? [] : this.array();
      case 'dict':
        return tag.selfClosing ? {} : this.dict();
      default:
        throw new PlistError(`Unknown plist element <${tag.name}>`);
    }
  }

  private array(): PlistValue[] {
    const items: PlistValue[] = [];
    while (!this.peekClosing('array')) items.push(this.value());
    return items;
  }

  private dict(): PlistDict {
    // No prototype: a key such as __proto__ stays an ordinary key.
    const entries = Object.create(null) as PlistDict;
    while (!this.peekClosing('dict')) {
      const key = this.tag();
      if (key.name !== 'key' || key.closing) throw new PlistError('A <dict> entry must start with <key>');
      const name = key.selfClosing ? '' : this.text('key');
      entries[name] = this.value();
    }
    return entries;
  }

  document(): PlistValue {
    const root = this.tag();
    if (root.name !== 'plist' || root.closing || root.selfClosing) throw new PlistError('The document is not a <plist>');
    const value = this.value();
    if (!this.peekClosing('plist')) throw new PlistError('The <plist> holds more than one value');
    return value;
  }
}

export function parsePlist(xml: string): PlistValue {
  return new Reader(xml).document();
}

export function isPlistDict(value: PlistValue | undefined): value is PlistDict {
  return typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && !(value instanceof Uint8Array);
}
