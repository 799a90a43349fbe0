import { POST_MAX_LENGTH, type Post } from '@ai-tutor/contract';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useToast } from '../../../components/toast/use-toast';
import { errorMessage } from '../../../lib/base-query';
import { useGeneratePostMutation } from '../api/generate-post';
import { useLazyGetLinkedinAuthorizeUrlQuery } from '../api/get-linkedin-authorize-url';
import { useGetLinkedinConnectionQuery } from '../api/get-linkedin-connection';
import { linkedinApi } from '../api/linkedin-tags';
import { usePublishLinkedinPostMutation } from '../api/publish-linkedin-post';
import { useRegeneratePostMutation } from '../api/regenerate-post';
import { useSharePostMutation } from '../api/share-post';
import { useUpdatePostMutation } from '../api/update-post';
import { linkedinRedirectUri, newOauthState, onConnected, rememberOauth } from '../lib/linkedin-oauth';

export interface ShareAchievementDialogProps {
  /** The completed attempt to share (its slug, as in /quiz/result/{slug}). */
  assessmentSlug: string;
  open: boolean;
  onClose: () => void;
}

export const shareTexts = {
  title: 'Share achievement',
  writing: 'Writing your post…',
  aiWritten: 'Written by the AI tutor. Edit it as you like before publishing.',
  templateWritten: 'Written from a template, not by the AI tutor. Edit it as you like before publishing.',
  regenerate: 'Regenerate',
  publish: 'Publish to LinkedIn',
  connect: 'Connect LinkedIn',
  copy: 'Copy text',
  copyLink: 'Copy link',
  textCopied: 'Post copied',
  linkCopied: 'Link copied',
  copyFailed: 'Could not copy: select the text and copy it yourself.',
  linkLive: 'Anyone with the link can check this result:',
  linkOnShare: 'Once you copy or publish the post, anyone with its link can check this result:',
  published: 'Published to LinkedIn.',
  linkedinOff: 'Publishing to LinkedIn is not set up on this server. Copy the post to share it yourself.',
  connectHint: 'Connect your LinkedIn account once; then you can publish from here.',
} as const;

/** The server shows a post's achievement page once it is published or shared by hand. */
const isPublic = (post: Post) => post.status === 'published' || post.sharedAt !== null;

/**
 * 'Share achievement' on the result screen: drafts a post about the attempt (AI-written or a
 * template), lets the learner edit or regenerate it, and publishes it to LinkedIn — connecting
 * LinkedIn first when needed (a popup; the callback page tells this dialog when it is done).
 */
export function ShareAchievementDialog({ assessmentSlug, open, onClose }: ShareAchievementDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{shareTexts.title}</DialogTitle>
      {/* Mounted only while open: each opening starts from the server's current draft. */}
      {open && <ShareAchievementBody assessmentSlug={assessmentSlug} onClose={onClose} />}
    </Dialog>
  );
}

function ShareAchievementBody({ assessmentSlug, onClose }: { assessmentSlug: string; onClose: () => void }) {
  const dispatch = useDispatch();
  const toast = useToast();
  const [generate, generation] = useGeneratePostMutation();
  const [regenerate, regeneration] = useRegeneratePostMutation();
  const [update, updating] = useUpdatePostMutation();
  const [publish, publishing] = usePublishLinkedinPostMutation();
  const [share, sharing] = useSharePostMutation();
  const [getAuthorizeUrl, authorizing] = useLazyGetLinkedinAuthorizeUrlQuery();
  const connection = useGetLinkedinConnectionQuery();
  const [post, setPost] = useState<Post | null>(null);
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);

  const show = (next: Post) => {
    setPost(next);
    setContent(next.content);
    setProblem(null);
  };
  const fail = (error: unknown) => setProblem(errorMessage(error));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    generate({ assessmentSlug })
      .unwrap()
      .then(
        (next) => {
          setPost(next);
          setContent(next.content);
        },
        (error: unknown) => setProblem(errorMessage(error)),
      );
  }, [assessmentSlug, generate]);

  // The LinkedIn popup reports back here once the account is connected.
  useEffect(
    () => onConnected(() => dispatch(linkedinApi.util.invalidateTags(['LinkedinConnection']))),
    [dispatch],
  );

  const busy =
    generation.isLoading ||
    regeneration.isLoading ||
    updating.isLoading ||
    publishing.isLoading ||
    sharing.isLoading ||
    authorizing.isFetching;
  const draft = post?.status === 'draft';
  const linkedin = connection.data;

  /** Unsaved edits are saved before anything else happens to the post. */
  const saveEdits = async (current: Post): Promise<Post> => {
    if (content.trim() === current.content.trim()) return current;
    const saved = await update({ id: current._id, content }).unwrap();
    show(saved);
    return saved;
  };

  const onRegenerate = async () => {
    if (!post) return;
    try {
      show(await regenerate(post._id).unwrap());
    } catch (error) {
      fail(error);
    }
  };

  const onPublish = async () => {
    if (!post) return;
    try {
      const saved = await saveEdits(post);
      show(await publish(saved._id).unwrap());
      toast(shareTexts.published, 'success');
    } catch (error) {
      fail(error);
    }
  };

  const onConnect = async () => {
    if (!post) return;
    try {
      await saveEdits(post);
      const state = newOauthState();
      const returnTo = `${window.location.pathname}${window.location.search}`;
      const url = await getAuthorizeUrl({ redirectUri: linkedinRedirectUri(), state }).unwrap();
      rememberOauth(state, returnTo, 'popup');
      const popup = window.open(url, 'linkedin-connect', 'popup,width=600,height=720');
      if (!popup) {
        // Popups blocked: go to LinkedIn in this tab; the callback page brings the learner back here.
        rememberOauth(state, returnTo, 'redirect');
        window.location.assign(url);
      }
    } catch (error) {
      fail(error);
    }
  };

  /**
   * Copying is choosing to share: the post is marked shared so its link works for readers. The request
   * starts before the clipboard write, which has to happen within the click (user activation).
   */
  const copyAndShare = async (text: string, copied: string) => {
    if (!post) return;
    const shared = isPublic(post) ? Promise.resolve(post) : share(post._id).unwrap();
    shared.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
    let copiedOk = true;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      copiedOk = false;
    }
    try {
      // Only the post's state: the learner's unsaved edits in the box stay as they are.
      setPost(await shared);
    } catch (error) {
      fail(error);
      return;
    }
    if (copiedOk) toast(copied, 'success');
    else toast(shareTexts.copyFailed, 'error');
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          {!post && generation.isLoading && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={20} aria-hidden />
              <Typography>{shareTexts.writing}</Typography>
            </Stack>
          )}
          {problem && <Alert severity="error">{problem}</Alert>}
          {post && (
            <>
              <Typography variant="body2" color="text.secondary">
                {post.aiGenerated ? shareTexts.aiWritten : shareTexts.templateWritten}
              </Typography>
              <TextField
                label="Post"
                multiline
                minRows={6}
                fullWidth
                value={content}
                onChange={(e) => setContent(e.target.value)}
                disabled={!draft || busy}
                slotProps={{ htmlInput: { maxLength: POST_MAX_LENGTH } }}
                helperText={`${content.length} / ${POST_MAX_LENGTH}`}
              />
              {/* Not a link while the page is still private: it would open a 404. */}
              <Typography variant="body2">
                {isPublic(post) ? shareTexts.linkLive : shareTexts.linkOnShare}{' '}
                {isPublic(post) ? (
                  <Link href={post.achievementUrl} target="_blank" rel="noopener noreferrer">
                    {post.achievementUrl}
                  </Link>
                ) : (
                  <span>{post.achievementUrl}</span>
                )}
              </Typography>
              {post.status === 'published' && <Alert severity="success">{shareTexts.published}</Alert>}
              {draft && linkedin && !linkedin.configured && (
                <Alert severity="info">{shareTexts.linkedinOff}</Alert>
              )}
              {draft && linkedin?.configured && !linkedin.connected && (
                <Typography variant="body2" color="text.secondary">
                  {shareTexts.connectHint}
                </Typography>
              )}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {post && (
          <Button onClick={() => void copyAndShare(content, shareTexts.textCopied)} disabled={busy}>
            {shareTexts.copy}
          </Button>
        )}
        {post && (
          <Button
            onClick={() => void copyAndShare(post.achievementUrl, shareTexts.linkCopied)}
            disabled={busy}
          >
            {shareTexts.copyLink}
          </Button>
        )}
        {post && draft && (
          <Button onClick={() => void onRegenerate()} disabled={busy}>
            {shareTexts.regenerate}
          </Button>
        )}
        {post && draft && linkedin?.configured && linkedin.connected && (
          <Button
            variant="contained"
            startIcon={<LinkedInIcon aria-hidden />}
            onClick={() => void onPublish()}
            disabled={busy || content.trim() === ''}
          >
            {shareTexts.publish}
          </Button>
        )}
        {post && draft && linkedin?.configured && !linkedin.connected && (
          <Button
            variant="contained"
            startIcon={<LinkedInIcon aria-hidden />}
            onClick={() => void onConnect()}
            disabled={busy}
          >
            {shareTexts.connect}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
