import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

interface FollowEvent {
  preventDefault(): void;
  detail: { href?: string | undefined; external?: boolean | undefined };
}

/**
 * For Cloudscape's onFollow: links keep a real href (open in a new tab works) while a plain click
 * navigates inside the app without reloading it.
 */
export function useFollow(): (event: FollowEvent) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: FollowEvent) => {
      const { href, external } = event.detail;
      if (!href || external) return;
      event.preventDefault();
      navigate(href);
    },
    [navigate],
  );
}
