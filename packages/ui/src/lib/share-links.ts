/** Where an invite is shared: each network's own share address for the link and a sentence. */
export function shareLinks(url: string, text: string): { telegram: string; whatsapp: string; x: string } {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  return {
    telegram: `https://t.me/share/url?url=${u}&text=${t}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
    x: `https://x.com/intent/post?text=${t}&url=${u}`,
  };
}
