import Box from '@cloudscape-design/components/box';
import { RowLink } from '../../../common/ui/row-link.tsx';
import { paths } from '../../../navigation/paths.ts';

/** A member in a preview table: the name, which opens the member, over the member's number. */
export function MemberCell({
  memberId,
  name,
  number,
}: {
  memberId: string;
  name: string;
  number: string | null;
}) {
  return (
    <>
      <RowLink href={paths.member(memberId)}>{name}</RowLink>
      {number && (
        <Box variant="small" display="block">
          {number}
        </Box>
      )}
    </>
  );
}
