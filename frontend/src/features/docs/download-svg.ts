/** Saves an inline SVG element as a standalone .svg file (the diagrams carry their styles as attributes). */
export function downloadSvg(svg: SVGSVGElement, filename: string) {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const [, , width, height] = (svg.getAttribute('viewBox') ?? '0 0 800 600').split(/\s+/);
  copy.setAttribute('width', width ?? '800');
  copy.setAttribute('height', height ?? '600');
  copy.removeAttribute('class');
  const source = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
  const url = URL.createObjectURL(new Blob([source], { type: 'image/svg+xml' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
