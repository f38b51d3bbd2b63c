// A lot's documents marked 'Можно показывать покупателю' on a buyer's page: the price list's /p/{token}
// and the quote's /q/{token}. Each is a plain download link through the page's token: no sign-in, no other file.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { buyerDocumentTitle } from '../../domain/offers/documents';
import type { BuyerDocument } from '../../domain/priceList/lines';

export function BuyerDocuments({ documents }: { documents: BuyerDocument[] | undefined }) {
  if (!documents?.length) return null;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {documents.map((d) => (
        <li key={d.url}>
          <Link href={d.url} download={d.name}>
            {buyerDocumentTitle(d)}
          </Link>
        </li>
      ))}
    </Box>
  );
}
