import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LazyImage } from '../../components/lazy-image';
import { formatPostDate } from './blog-date';

const route = getRouteApi('/_main/blogs/$blog_id');

/** `/blogs/{id}`: one post. Its HTML was rendered from Markdown and sanitized by the server when saved. */
export default function BlogPost() {
  const post = route.useLoaderData();

  useEffect(() => {
    document.title = `${post.title} · Footfall blog`;
  }, [post.title]);

  return (
    <article className="blog-post">
      <header className="page-hero">
        <div className="container narrow">
          <nav className="breadcrumbs" aria-label="Breadcrumb">
            <ol>
              <li>
                <Link to="/home">Home</Link>
              </li>
              <li>
                <Link to="/blogs">Blog</Link>
              </li>
              <li aria-current="page">{post.title}</li>
            </ol>
          </nav>
          <h1>{post.title}</h1>
          <p className="muted">
            <time dateTime={post.published_at}>{formatPostDate(post.published_at)}</time> · {post.author}
          </p>
        </div>
      </header>
      <div className="container narrow">
        {post.cover_url ? (
          <LazyImage
            src={post.cover_url}
            alt=""
            className="post-cover post-cover-large"
            placeholder={<span className="post-cover-placeholder" />}
          />
        ) : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server renders the Markdown and sanitizes it with an allowlist (no scripts, no handlers, http(s) links only) when the post is saved. */}
        <div className="prose" dangerouslySetInnerHTML={{ __html: post.body_html }} />
        <p>
          <Link to="/blogs">← All posts</Link>
        </p>
      </div>
    </article>
  );
}
