import type { Walkthrough } from './types.ts';

// Web Folder and Web Proxy: images fetched over HTTP from public addresses, so no keys.

export const WEBFOLDER_WALKTHROUGH: Walkthrough = {
  title: 'Connect a web folder',
  intro:
    'Serve the images your website already publishes: Darkroom fetches each one from the folder’s base URL. No keys needed.',
  steps: [
    {
      title: 'Open one of your images',
      text: 'In your browser open an image from your website and copy its address from the address bar, for example https://www.example.com/images/products/shoe.jpg.',
      illustration: {
        breadcrumb: 'https://www.example.com/images/products/shoe.jpg',
        heading: 'shoe.jpg (1200 × 800)',
        rows: [{ label: 'Address', value: 'https://www.example.com/images/products/shoe.jpg' }],
      },
    },
    {
      title: 'Keep the folder part',
      text: 'The base URL is the address up to the folder every image sits under, here https://www.example.com/images/. It must be public, without a query string (no ?), and not on localhost or a private network.',
      code: 'https://www.example.com/images/',
      illustration: {
        breadcrumb: 'Base URL',
        heading: 'Base URL + image path',
        rows: [
          { label: 'Base URL', value: 'https://www.example.com/images/' },
          { label: 'Image path', value: 'products/shoe.jpg' },
        ],
      },
    },
    {
      title: 'Fill in this form',
      text: 'Paste the base URL and choose Continue: Darkroom checks that it can reach the folder. Your image is then served at https://{subdomain}.{delivery domain}/products/shoe.jpg.',
      illustration: {
        breadcrumb: 'Darkroom › New source › Link storage',
        heading: 'Web Folder',
        rows: [{ label: 'Base URL', value: 'https://www.example.com/images/' }],
        button: 'Continue',
      },
    },
  ],
};

export const WEBPROXY_WALKTHROUGH: Walkthrough = {
  title: 'Set up a web proxy',
  intro:
    'A web proxy serves images from any public address: each request names the whole image URL. There is no storage to link.',
  steps: [
    {
      title: 'Describe what it serves (optional)',
      text: 'Add a note for your teammates, such as “Product images from our suppliers’ websites”, and choose Continue. Nothing needs to be checked.',
      illustration: {
        breadcrumb: 'Darkroom › New source › Link storage',
        heading: 'Web Proxy',
        rows: [{ label: 'Notes', value: 'Product images from suppliers' }],
        button: 'Continue',
      },
    },
    {
      title: 'Request images by their full address',
      text: 'The path of each request is the image’s whole URL, encoded. Secure URLs are always on for web proxies, so only signed URLs are served.',
      code: 'https://{subdomain}.{delivery domain}/https%3A%2F%2Fwww.example.com%2Fshoe.jpg?w=400&s=…',
      illustration: {
        breadcrumb: 'Request',
        heading: 'Proxy URL',
        rows: [
          { label: 'Origin', value: 'https://www.example.com/shoe.jpg' },
          { label: 'Path', value: 'https%3A%2F%2Fwww.example.com%2F…' },
        ],
      },
    },
  ],
};
