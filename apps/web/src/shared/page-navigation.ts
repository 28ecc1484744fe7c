/** A full reload fetches the current index.html and with it the chunk names of the latest build. */
export const reloadPage = () => window.location.reload();

/** Leaves the portal for another product's page (a linked app), in this tab. */
export const openExternalPage = (url: string) => window.location.assign(url);
