import { domToPng } from 'modern-screenshot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { capturePdf, dataUrlToBlob, exportFileName, exportNode, HIDE_ON_EXPORT_CLASS, withExportHidden } from './dom-export';
import { saveBlob } from './save-blob';

// A real browser draws the DOM (the e2e test exports a real dashboard); happy-dom has no canvas, so the capture answers
// a real 8x4 PNG (left half red, right half blue). jsPDF and the decoding run for real.
vi.mock('modern-screenshot', () => ({ domToPng: vi.fn() }));
vi.mock('./save-blob', () => ({ saveBlob: vi.fn() }));

const PNG_8X4 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAECAIAAAA8r+mnAAAAFElEQVR4nGP4z8AAR0jM/wzUkwAAOn4f4QhCQp4AAAAASUVORK5CYII=';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function buildView(): { root: HTMLElement; button: HTMLElement; styled: HTMLElement; chart: HTMLElement } {
  const root = document.createElement('section');
  root.innerHTML = `
    <div class="${HIDE_ON_EXPORT_CLASS}" data-testid="button">Export</div>
    <div class="${HIDE_ON_EXPORT_CLASS}" data-testid="styled" style="display: flex !important">Selectors</div>
    <svg data-testid="chart"></svg>`;
  document.body.append(root);
  const find = (id: string) => root.querySelector<HTMLElement>(`[data-testid="${id}"]`) as HTMLElement;
  return { root, button: find('button'), styled: find('styled'), chart: find('chart') };
}

/** What the capture saw: the inline display of each element at the moment it was called. */
let seenDuringCapture: Record<string, string> = {};

beforeEach(() => {
  seenDuringCapture = {};
  vi.mocked(domToPng).mockImplementation(async (node: unknown) => {
    for (const element of (node as HTMLElement).querySelectorAll<HTMLElement>('[data-testid]')) {
      seenDuringCapture[element.dataset.testid ?? ''] = element.style.display;
    }
    return PNG_8X4;
  });
});

afterEach(() => {
  document.body.replaceChildren();
  vi.mocked(saveBlob).mockClear();
});

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

/** The page size in pt (jsPDF writes pages uncompressed, numbers such as '6.' or '1.5'). */
async function pageSize(pdf: Blob): Promise<number[]> {
  const text = new TextDecoder('latin1').decode(await bytesOf(pdf));
  expect(text.startsWith('%PDF-')).toBe(true);
  expect(text.match(/\/Subtype \/Image/g)).toHaveLength(1);
  // Deflated, not raw pixels (jsPDF's default would make a full-page dashboard several MB).
  expect(text).toMatch(/\/Subtype \/Image[^]*?\/Filter \/FlateDecode/);
  const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(text);
  return [Number(box?.[1]), Number(box?.[2])];
}

describe('withExportHidden', () => {
  it('hides the hide-on-pdf elements during the capture and puts back their own display afterwards', async () => {
    const { root, button, styled, chart } = buildView();
    await withExportHidden(root, async () => {
      expect(getComputedStyle(button).display).toBe('none');
      expect(getComputedStyle(styled).display).toBe('none');
      expect(chart.style.display).toBe('');
    });
    expect(button.getAttribute('style') ?? '').toBe('');
    expect(styled.style.getPropertyValue('display')).toBe('flex');
    expect(styled.style.getPropertyPriority('display')).toBe('important');
  });

  it('shows them again when the capture fails', async () => {
    const { root, button, styled } = buildView();
    await expect(withExportHidden(root, () => Promise.reject(new Error('tainted canvas')))).rejects.toThrow('tainted canvas');
    expect(button.style.display).toBe('');
    expect(styled.style.display).toBe('flex');
  });
});

describe('exportNode', () => {
  it('saves a PNG named <dashboard id>.png, captured with the hide-on-pdf elements hidden', async () => {
    const { root, button } = buildView();
    await expect(exportNode(root, 'r-lead', 'png')).resolves.toBe('r-lead.png');

    expect(domToPng).toHaveBeenCalledWith(root, expect.objectContaining({ scale: 1 }));
    expect(seenDuringCapture).toEqual({ button: 'none', styled: 'none', chart: '' });
    expect(button.style.display).toBe('');
    const [fileName, blob] = vi.mocked(saveBlob).mock.calls[0] ?? [];
    expect(fileName).toBe('r-lead.png');
    expect(blob?.type).toBe('image/png');
    expect(Array.from((await bytesOf(blob as Blob)).subarray(0, 8))).toEqual(PNG_SIGNATURE);
  });

  it('saves a PDF of the same capture named <dashboard id>.pdf, one page the size of the view', async () => {
    const { root } = buildView();
    await expect(exportNode(root, 'r-lead', 'pdf')).resolves.toBe('r-lead.pdf');
    const [fileName, blob] = vi.mocked(saveBlob).mock.calls[0] ?? [];
    expect(fileName).toBe('r-lead.pdf');
    expect(blob?.type).toBe('application/pdf');
    // 8 x 4 CSS px at 96 dpi is 6 x 3 pt.
    expect(await pageSize(blob as Blob)).toEqual([6, 3]);
  });

  it('leaves the page as it was and saves nothing when the capture fails', async () => {
    const { root, button } = buildView();
    vi.mocked(domToPng).mockRejectedValueOnce(new Error('font load failed'));
    await expect(exportNode(root, 'r-lead', 'png')).rejects.toThrow('font load failed');
    expect(button.style.display).toBe('');
    expect(saveBlob).not.toHaveBeenCalled();
  });
});

describe('capturePdf', () => {
  it('draws a capture taken at 2x at its CSS size', async () => {
    expect(await pageSize(await capturePdf({ dataUrl: PNG_8X4, scale: 2 }))).toEqual([3, 1.5]);
  });

  it('scales a view taller than a PDF page may be down to the 14,400 pt limit', async () => {
    const [width, height] = await pageSize(await capturePdf({ dataUrl: PNG_8X4, scale: 0.0001 }));
    expect(width).toBeCloseTo(14_400, 0);
    expect(height).toBeCloseTo(7_200, 0);
  });
});

describe('file names and data URLs', () => {
  it('names the file by the base with the extension of the format', () => {
    expect(exportFileName('r-lead', 'png')).toBe('r-lead.png');
    expect(exportFileName(' r-lead.PNG ', 'png')).toBe('r-lead.png');
    expect(exportFileName('r-lead', 'pdf')).toBe('r-lead.pdf');
  });

  it('decodes a base64 data URL and refuses anything else', async () => {
    const blob = dataUrlToBlob(PNG_8X4);
    expect(blob.type).toBe('image/png');
    expect(Array.from((await bytesOf(blob)).subarray(0, 8))).toEqual(PNG_SIGNATURE);
    expect(() => dataUrlToBlob('data:text/plain,hello')).toThrow('Not a base64 data URL');
  });
});
