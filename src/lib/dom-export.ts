import { pdfFileName } from './pdf';
import { saveBlob } from './save-blob';

/** Elements with this class (export buttons, selectors, editing controls) are left out of PNG and PDF exports (part 3 §2). */
export const HIDE_ON_EXPORT_CLASS = 'hide-on-pdf';

export type DomExportFormat = 'png' | 'pdf';

/** Sharp text on ordinary and high-density screens, without images of hundreds of MB on a 4K wall display. */
const MAX_CAPTURE_SCALE = 2;
/** PDF viewers refuse pages larger than 14,400 units (pt) a side; a taller view is scaled down to fit one page. */
const MAX_PDF_PAGE_PT = 14_400;
const PT_PER_CSS_PX = 72 / 96;
const TRANSPARENT = new Set(['', 'transparent', 'rgba(0, 0, 0, 0)']);

/**
 * Runs `capture` with every hide-on-pdf element under `root` hidden, and shows them again afterwards whether it
 * succeeded or failed: a failed export must not leave the page without its buttons. An element's own inline display
 * (with its priority) is put back as it was.
 */
export async function withExportHidden<T>(root: HTMLElement, capture: () => Promise<T>): Promise<T> {
  const hidden = Array.from(root.querySelectorAll<HTMLElement>(`.${HIDE_ON_EXPORT_CLASS}`));
  const previous = hidden.map((element) => ({
    element,
    value: element.style.getPropertyValue('display'),
    priority: element.style.getPropertyPriority('display'),
  }));
  for (const element of hidden) element.style.setProperty('display', 'none', 'important');
  try {
    return await capture();
  } finally {
    for (const { element, value, priority } of previous) {
      if (value) element.style.setProperty('display', value, priority);
      else element.style.removeProperty('display');
    }
  }
}

/** The first opaque background from the node up, so a PNG of a transparent container does not come out see-through. */
function backgroundOf(node: HTMLElement): string {
  for (let element: HTMLElement | null = node; element; element = element.parentElement) {
    const colour = getComputedStyle(element).backgroundColor;
    if (!TRANSPARENT.has(colour)) return colour;
  }
  return '#ffffff';
}

export interface DomCapture {
  /** A PNG data URL. */
  dataUrl: string;
  /** Image pixels per CSS pixel. */
  scale: number;
}

/** The node as a PNG (modern-screenshot, loaded on demand), with the hide-on-pdf elements hidden while it is taken. */
export async function captureNode(node: HTMLElement): Promise<DomCapture> {
  const { domToPng } = await import('modern-screenshot');
  const scale = Math.min(MAX_CAPTURE_SCALE, Math.max(1, window.devicePixelRatio || 1));
  const dataUrl = await withExportHidden(node, () => domToPng(node, { scale, backgroundColor: backgroundOf(node) }));
  return { dataUrl, scale };
}

/** Decodes a base64 data URL into a Blob of its own media type. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match?.[2]) throw new Error('Not a base64 data URL');
  const binary = atob(match[3] ?? '');
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type: match[1] });
}

/** A one-page PDF showing the capture at its on-screen size (jsPDF, loaded on demand). */
export async function capturePdf({ dataUrl, scale }: DomCapture): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const probe = new jsPDF({ unit: 'pt' });
  const { width: pixelWidth, height: pixelHeight } = probe.getImageProperties(dataUrl);
  const fit = Math.min(1, MAX_PDF_PAGE_PT / Math.max(pixelWidth, pixelHeight) / (PT_PER_CSS_PX / scale));
  const width = (pixelWidth / scale) * PT_PER_CSS_PX * fit;
  const height = (pixelHeight / scale) * PT_PER_CSS_PX * fit;
  const doc = new jsPDF({ unit: 'pt', format: [width, height], orientation: width >= height ? 'landscape' : 'portrait' });
  // jsPDF stores PNG pixels uncompressed unless told: a 1 MP dashboard came out at 8 MB.
  doc.addImage(dataUrl, 'PNG', 0, 0, width, height, undefined, 'FAST');
  return new Blob([doc.output('arraybuffer')], { type: 'application/pdf' });
}

/** The download name: the base (e.g. the dashboard id) with the format's extension. */
export function exportFileName(baseName: string, format: DomExportFormat): string {
  return format === 'pdf' ? pdfFileName(baseName) : `${baseName.trim().replace(/\.png$/i, '').trim()}.png`;
}

/** Captures the node and saves it as `<baseName>.png` or `<baseName>.pdf`; answers the file name. */
export async function exportNode(node: HTMLElement, baseName: string, format: DomExportFormat): Promise<string> {
  const capture = await captureNode(node);
  const blob = format === 'pdf' ? await capturePdf(capture) : dataUrlToBlob(capture.dataUrl);
  const fileName = exportFileName(baseName, format);
  saveBlob(fileName, blob);
  return fileName;
}
