// docs/engines.md's Unity sample, word for word (cargo test -p cards-ffi
// checks it): hard bots whose moves are searched off the main thread.
// .ci/ffi-check compiles it with bindings/csharp/Cards.cs and
// unity_player_loop.cs, which stands in for UnityEngine and its main thread,
// and plays a game with it on mono. (`int? seat` rather than
// `table.ToAct is int seat`: Debian's mcs 6.8 compiles that pattern wrongly
// in an async method, where it is always false; Unity's compiler does not.)
using System.Threading.Tasks;
using CardRules;
using UnityEngine;

// Seat 0 is the player; seats 1 and 2 are hard bots.
public class CardGame : MonoBehaviour
{
    Table table;
    bool thinking;   // a worker thread has the table: leave it alone

    void Start() => table = new Table("shithead", 3, seed: 42);

    async void Update()
    {
        if (thinking) return;
        int? seat = table.ToAct;
        if (seat == null || seat == 0) return;   // the game is over, or the player's turn
        thinking = true;
        string played;
        try { played = await Task.Run(() => table.PlayBot(seat.Value, Difficulty.Hard)); }
        finally { thinking = false; }   // a refused move must not stop the bots for good
        // back on the main thread (Unity's synchronization context): show `played`
        Debug.Log($"seat {seat} played {played}");
    }

    // Seat 0's buttons, one for each of table.LegalMoves(0), call this.
    public void Play(string move)
    {
        if (!thinking) table.Play(0, move);
    }

    void OnDestroy() => table.Dispose();
}
