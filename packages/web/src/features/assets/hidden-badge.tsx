import { EyeOff } from 'lucide-react';
import { Badge } from '../../ui/index.ts';

/** Marks a hidden asset (left out of the asset list unless its filter shows hidden ones). */
export function HiddenBadge() {
  return (
    <Badge color="slate" className="gap-1">
      <EyeOff aria-hidden="true" className="size-3" />
      Hidden
    </Badge>
  );
}
