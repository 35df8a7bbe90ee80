/**
 * The snippet that embeds a shared link's dashboard in another page, without its header and footer
 * (docs/api.md "Shared links"). The link's name, which its team wrote, is escaped for the attribute.
 */
export function embedSnippet(link: { url: string; name: string }): string {
  const title = link.name
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
  return `<iframe src="${link.url}?embed=true" title="${title}" width="100%" height="900" style="border:0" loading="lazy"></iframe>`;
}
