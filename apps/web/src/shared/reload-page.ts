/** A full reload fetches the current index.html and with it the chunk names of the latest build. */
export const reloadPage = () => window.location.reload();
